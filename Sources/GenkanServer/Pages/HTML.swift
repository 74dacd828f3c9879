/// Escaping for HTML text and double-quoted attribute values (HTML Living Standard §13.1.2.3,
/// §13.5): `&`, `<`, `>`, `"` and `'` become character references.
enum HTML {
    static func escape(_ text: String) -> String {
        var output = ""
        escape(text, into: &output)
        return output
    }

    static func escape(_ text: String, into output: inout String) {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3c || $0 == 0x3e || $0 == 0x22 || $0 == 0x27 }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
