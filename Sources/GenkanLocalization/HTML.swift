/// Escaping for text that goes into HTML (HTML Living Standard §13.1.4 character references),
/// shared by the catalog's HTML messages and the server's pages.
package enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in element
    /// content and in quoted attribute values.
    package static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        escape(text, into: &output)
        return output
    }

    /// Appends `text`, escaped, to `output` (for renderers that build a page in one string).
    package static func escape(_ text: String, into output: inout String) {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
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
