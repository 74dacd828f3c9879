/// Decodes one JSON string literal (RFC 8259 §7), keeping what Foundation's parser would reject
/// or repair: a lone surrogate escape is reported rather than replaced.
enum JSONStringLiteral {
    enum Result: Equatable {
        case success(String)
        case loneSurrogate(shown: String)
        case malformed(String)
    }

    static func decode(_ text: String) -> Result {
        var scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            return .malformed("not a quoted string")
        }
        scalars = Array(scalars.dropFirst().dropLast())
        var output = String.UnicodeScalarView()
        var lone = false
        var index = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= scalars.count else { return nil }
            var value: UInt32 = 0
            for scalar in scalars[at..<at + 4] {
                guard scalar.properties.isASCIIHexDigit, let digit = UInt32(String(scalar), radix: 16) else { return nil }
                value = value << 4 | digit
            }
            return value
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { return .malformed("unescaped quote inside the string") }
            if scalar.value < 0x20 { return .malformed("unescaped control character") }
            guard scalar == "\\" else { output.append(scalar); index += 1; continue }
            guard index + 1 < scalars.count else { return .malformed("dangling backslash") }
            let escape = scalars[index + 1]
            index += 2
            switch escape {
            case "\"": output.append("\"")
            case "\\": output.append("\\")
            case "/": output.append("/")
            case "b": output.append("\u{8}")
            case "f": output.append("\u{C}")
            case "n": output.append("\n")
            case "r": output.append("\r")
            case "t": output.append("\t")
            case "u":
                guard let unit = hex4(index) else { return .malformed("bad \\u escape") }
                index += 4
                if (0xD800..<0xDC00).contains(unit), index + 6 <= scalars.count, scalars[index] == "\\",
                    scalars[index + 1] == "u", let low = hex4(index + 2), (0xDC00..<0xE000).contains(low)
                {
                    index += 6
                    output.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else if let decoded = Unicode.Scalar(unit) {
                    output.append(decoded)
                } else {
                    lone = true
                    output.append("\u{FFFD}")
                }
            default: return .malformed("unknown escape \\\(escape)")
            }
        }
        let value = String(output)
        return lone ? .loneSurrogate(shown: value) : .success(value)
    }
}
