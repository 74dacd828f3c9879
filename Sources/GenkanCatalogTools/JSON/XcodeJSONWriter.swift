/// Writes JSON the way Xcode writes a String Catalog: two-space indentation, `" : "` between a
/// name and its value, an empty object as `{` newline, blank line, `}`, slashes and non-ASCII text
/// unescaped, and no newline after the last brace.
public enum XcodeJSONWriter {
    /// The text of `value` in Xcode's layout.
    public static func xcodeText(_ value: OrderedJSON) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        return output
    }

    private static func write(_ value: OrderedJSON, indent: Int, into output: inout String) {
        switch value {
        case .object(let members):
            let inner = String(repeating: " ", count: indent + 2)
            if members.isEmpty {
                // Foundation's pretty printer leaves an empty line inside an empty container.
                output += "{\n\n" + String(repeating: " ", count: indent) + "}"
                return
            }
            output += "{\n"
            for (position, member) in members.enumerated() {
                output += inner
                escape(member.name, into: &output)
                output += " : "
                write(member.value, indent: indent + 2, into: &output)
                output += position == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        case .array(let elements):
            let inner = String(repeating: " ", count: indent + 2)
            if elements.isEmpty {
                output += "[\n\n" + String(repeating: " ", count: indent) + "]"
                return
            }
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += inner
                write(element, indent: indent + 2, into: &output)
                output += position == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .string(let text): escape(text, into: &output)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    /// A JSON string literal with the escapes Foundation's JSON writer uses: the two-character
    /// forms for quote, backslash and the common controls, `\u00XX` (lowercase) for the others.
    public static func escape(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
