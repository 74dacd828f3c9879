/// One placeholder found in a string: a printf-style conversion with Apple's `%@` (IEEE Std
/// 1003.1 `fprintf`, "Conversion Specifications", plus Foundation's String Format Specifiers), a
/// `%#@name@` substitution, or an App Intents `${name}` parameter.
public struct FormatSpecifier: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A conversion that consumes an argument: `%d`, `%1$@`, `%.2f`, ...
        case argument(position: Int?, type: ArgumentType, text: String)
        /// `%#@name@`: a substitution from the localization's `substitutions`.
        case substitution(position: Int?, name: String)
        /// `${name}`
        case parameter(name: String)
        /// `%arg` inside a substitution's variations.
        case substitutionArgument
        /// `%%`
        case percent
    }

    /// What an argument must be; two specifiers agree when their types are equal.
    public enum ArgumentType: String, Sendable, Hashable {
        case int32, int64, double, longDouble, object, cString, unicharString, character, unichar, pointer
    }

    public let kind: Kind
    /// The offset of the `%` or `$` in the string's characters.
    public let offset: Int
}

/// A problem with a specifier's syntax.
public struct FormatSyntaxIssue: Sendable, Hashable {
    public let offset: Int
    public let message: String
}

/// Reads the placeholders of a string.
public enum FormatSpecifierParser {
    public struct Result: Sendable {
        public var specifiers: [FormatSpecifier] = []
        public var issues: [FormatSyntaxIssue] = []
        /// Percent signs read as text, not as specifiers: an unnumbered `%` with the space flag
        /// ("70% for" would read `% f`, "100% accurate" `% a`), which no one writes meaning a
        /// specifier, and a `%` that ends the string (French "100 %"). Each as written, up to
        /// the character a formatter would take for its conversion.
        public var strayPercents: [String] = []

        /// The arguments by position (1-based), numbering unnumbered ones in order.
        public var argumentsByPosition: [Int: FormatSpecifier.ArgumentType] {
            var result: [Int: FormatSpecifier.ArgumentType] = [:]
            var next = 1
            for specifier in specifiers {
                switch specifier.kind {
                case .argument(let position, let type, _):
                    let index = position ?? next
                    if position == nil { next += 1 }
                    result[index] = type
                case .substitution(let position, _):
                    if position == nil { next += 1 }
                default: break
                }
            }
            return result
        }

        /// Names of `%#@name@` substitutions and `${name}` parameters.
        public var names: [String] {
            specifiers.compactMap {
                switch $0.kind {
                case .substitution(_, let name): "%#@\(name)@"
                case .parameter(let name): "${\(name)}"
                default: nil
                }
            }
        }
    }

    private static let flags: Set<Character> = ["-", "+", " ", "#", "0", "'"]
    private static let lengths = ["hh", "h", "ll", "l", "q", "L", "z", "t", "j"]

    /// Parses `text`; `inSubstitution` allows Xcode's `%arg`.
    public static func parse(_ text: String, inSubstitution: Bool = false) -> Result {
        var result = Result()
        let characters = Array(text)
        var index = 0
        // Numbered specifiers by position, and unnumbered ones by the argument their order gives
        // them (as CFString numbers them: one after another, skipping nothing).
        var numbered: [Int: String] = [:]
        var unnumbered: [(position: Int, text: String)] = []
        while index < characters.count {
            let start = index
            if characters[index] == "$", index + 1 < characters.count, characters[index + 1] == "{" {
                if let close = characters[(index + 2)...].firstIndex(of: "}") {
                    let name = String(characters[(index + 2)..<close])
                    if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        result.specifiers.append(.init(kind: .parameter(name: name), offset: start))
                        index = close + 1
                        continue
                    }
                }
                index += 1
                continue
            }
            guard characters[index] == "%" else { index += 1; continue }
            index += 1
            guard index < characters.count else {
                result.strayPercents.append("%")
                break
            }
            if characters[index] == "%" {
                result.specifiers.append(.init(kind: .percent, offset: start))
                index += 1
                continue
            }
            if inSubstitution, characters[index...].starts(with: "arg") {
                result.specifiers.append(.init(kind: .substitutionArgument, offset: start))
                index += 3
                continue
            }
            // Optional position: digits followed by '$'.
            var position: Int?
            var scan = index
            while scan < characters.count, characters[scan].isASCII, characters[scan].isNumber { scan += 1 }
            if scan > index, scan < characters.count, characters[scan] == "$" {
                position = Int(String(characters[index..<scan]))
                if position == 0 || position == nil || position! > 99 {
                    result.issues.append(.init(offset: start, message: "argument position \(String(characters[index..<scan])) is out of range 1...99"))
                }
                index = scan + 1
            }
            if index + 1 < characters.count, characters[index] == "#", characters[index + 1] == "@" {
                let nameStart = index + 2
                // Foundation reads the name up to the next '@'; Xcode writes names such as
                // `total.strings` (dots) for the substitutions it creates.
                if let close = characters[nameStart...].firstIndex(of: "@"), close > nameStart,
                   characters[nameStart..<close].allSatisfy({ !$0.isWhitespace && $0 != "%" })
                {
                    let name = String(characters[nameStart..<close])
                    result.specifiers.append(.init(kind: .substitution(position: position, name: name), offset: start))
                    let text = String(characters[start...close])
                    if let position { numbered[position] = numbered[position] ?? text } else { unnumbered.append((unnumbered.count + 1, text)) }
                    index = close + 1
                } else {
                    result.issues.append(.init(offset: start, message: "'%#@' starts a substitution that is not closed by '@' after a name"))
                    index = nameStart
                }
                continue
            }
            let flagStart = index
            while index < characters.count, flags.contains(characters[index]) { index += 1 }
            if position == nil, characters[flagStart..<index].contains(" ") {
                // "70% for", "100% accurate", "50% off": a percent sign and a word (see
                // `strayPercents`). The text goes on right after the '%'.
                result.strayPercents.append(String(characters[start..<min(index + 1, characters.count)]))
                index = start + 1
                continue
            }
            if index < characters.count, characters[index] == "*" {
                result.issues.append(.init(offset: start, message: "'*' widths take an extra argument and are not supported in localized strings"))
                index += 1
            }
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            if index < characters.count, characters[index] == "." {
                index += 1
                if index < characters.count, characters[index] == "*" {
                    result.issues.append(.init(offset: start, message: "'.*' precisions take an extra argument and are not supported in localized strings"))
                    index += 1
                }
                while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            }
            var length = ""
            for candidate in lengths where characters[index...].starts(with: candidate) {
                length = candidate
                index += candidate.count
                break
            }
            guard index < characters.count else {
                result.issues.append(.init(offset: start, message: "'\(String(characters[start...]))' ends before its conversion character"))
                break
            }
            let conversion = characters[index]
            index += 1
            let specifierText = String(characters[start..<index])
            let type: FormatSpecifier.ArgumentType?
            switch conversion {
            case "d", "i", "o", "u", "x", "X":
                type = ["l", "ll", "q", "z", "t", "j"].contains(length) ? .int64 : .int32
            case "D", "O", "U": type = .int64
            case "e", "E", "f", "F", "g", "G", "a", "A": type = length == "L" ? .longDouble : .double
            case "@": type = .object
            case "s": type = length == "l" ? .unicharString : .cString
            case "S": type = .unicharString
            case "c": type = length == "l" ? .unichar : .character
            case "C": type = .unichar
            case "p": type = .pointer
            case "n":
                result.issues.append(.init(offset: start, message: "'\(specifierText)' writes to memory and is never allowed"))
                type = nil
            default:
                result.issues.append(.init(offset: start, message: "'\(specifierText)' is not a format specifier (write '%%' for a percent sign)"))
                type = nil
            }
            if let type {
                result.specifiers.append(.init(kind: .argument(position: position, type: type, text: specifierText), offset: start))
                if let position { numbered[position] = numbered[position] ?? specifierText } else { unnumbered.append((unnumbered.count + 1, specifierText)) }
            }
        }
        // Numbered and unnumbered specifiers may be mixed ("%lld … %2$@", as translations of
        // Xcode's plural strings are written): CFString numbers the unnumbered ones in order.
        // Mixing is a mistake when an unnumbered one thereby names an argument a numbered one
        // names too ("%1$@ %@" shows argument 1 twice).
        for (position, text) in unnumbered {
            if let other = numbered[position] {
                result.issues.append(.init(offset: 0, message:
                    "unnumbered '\(text)' is argument \(position) by its order, which '\(other)' names too; number every specifier"))
            }
        }
        return result
    }
}
