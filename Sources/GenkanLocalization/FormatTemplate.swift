/// A format string of a String Catalog, parsed once: literal text and `printf`-style specifiers as
/// Foundation reads them (`%@`, `%lld`, `%1$@`, `%2$lld`, `%%`, `%#@name@`, and `%arg` inside a
/// substitution).
struct FormatTemplate: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        /// Argument `index` (0-based) with its conversion character (`d`, `@`, ...).
        case argument(index: Int, conversion: Character)
        /// `%#@name@`: the substitution `name`, which formats argument `index` unless it says otherwise.
        case substitution(name: String, index: Int)
        /// `%arg` inside a substitution's variation.
        case substitutedArgument
    }

    let segments: [Segment]

    /// The 0-based indexes of the arguments formatted as integers (for choosing a plural form).
    var integerArguments: [Int] {
        segments.compactMap {
            if case .argument(let index, let conversion) = $0, Self.integerConversions.contains(conversion) { index }
            else { nil }
        }
    }

    /// Every argument index the template refers to.
    var argumentIndexes: [Int] {
        segments.compactMap {
            switch $0 {
            case .argument(let index, _), .substitution(_, let index): index
            default: nil
            }
        }
    }

    static let integerConversions: Set<Character> = ["d", "i", "u", "D", "U"]
    private static let conversions: Set<Character> = ["d", "i", "u", "D", "U", "o", "O", "x", "X", "@", "s", "S", "c", "C", "f", "F", "e", "E", "g", "G", "a", "A", "p"]
    private static let flags: Set<Character> = ["-", "+", " ", "#", "0", "'"]
    private static let lengthModifiers: Set<Character> = ["h", "l", "q", "L", "z", "t", "j"]

    /// Parses `text`; a `%` that starts no valid specifier stays literal text.
    init(_ text: String, inSubstitution: Bool = false) {
        var segments: [Segment] = []
        var literal = ""
        var nextArgument = 0
        let characters = Array(text)
        var position = 0
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
        }
        while position < characters.count {
            let character = characters[position]
            guard character == "%" else {
                literal.append(character)
                position += 1
                continue
            }
            if position + 1 < characters.count, characters[position + 1] == "%" {
                literal.append("%")
                position += 2
                continue
            }
            if inSubstitution, position + 3 < characters.count, characters[position + 1] == "a",
               characters[position + 2] == "r", characters[position + 3] == "g" {
                flush()
                segments.append(.substitutedArgument)
                position += 4
                continue
            }
            guard let (segment, length, usedSequential) = Self.specifier(characters, at: position, next: nextArgument) else {
                literal.append("%")
                position += 1
                continue
            }
            flush()
            segments.append(segment)
            if usedSequential { nextArgument += 1 }
            position += length
        }
        flush()
        self.segments = segments
    }

    /// The specifier at `start` (which holds `%`): the segment, its length and whether it took the
    /// next sequential argument.
    private static func specifier(_ characters: [Character], at start: Int, next: Int) -> (Segment, Int, Bool)? {
        var position = start + 1
        var explicit: Int?
        // "%2$..." names its argument.
        var digits = ""
        var probe = position
        while probe < characters.count, characters[probe].isASCII, characters[probe].isNumber, digits.count < 3 {
            digits.append(characters[probe])
            probe += 1
        }
        if !digits.isEmpty, probe < characters.count, characters[probe] == "$", let number = Int(digits), number > 0 {
            explicit = number - 1
            position = probe + 1
        }
        let index = explicit ?? next
        // "%#@name@" (or "%1$#@name@").
        if position + 1 < characters.count, characters[position] == "#", characters[position + 1] == "@" {
            var end = position + 2
            var name = ""
            while end < characters.count, characters[end] != "@", name.count < 64 {
                // Dots and hyphens occur in Xcode's names (`%#@total.strings@`), as Foundation reads them.
                guard characters[end].isLetter || characters[end].isNumber || "_.-".contains(characters[end]) else { return nil }
                name.append(characters[end])
                end += 1
            }
            guard end < characters.count, characters[end] == "@", !name.isEmpty else { return nil }
            return (.substitution(name: name, index: index), end + 1 - start, explicit == nil)
        }
        while position < characters.count, flags.contains(characters[position]) { position += 1 }
        while position < characters.count, characters[position].isASCII, characters[position].isNumber { position += 1 }
        if position < characters.count, characters[position] == "." {
            position += 1
            while position < characters.count, characters[position].isASCII, characters[position].isNumber { position += 1 }
        }
        while position < characters.count, lengthModifiers.contains(characters[position]) { position += 1 }
        guard position < characters.count, conversions.contains(characters[position]) else { return nil }
        return (.argument(index: index, conversion: characters[position]), position + 1 - start, explicit == nil)
    }
}
