/// Escaping for XML 1.0 character data and attribute values (XML 1.0 §2.4, §3.3.3).
enum XMLText {
    /// `text` as character data or a double-quoted attribute value; throws for characters XML 1.0
    /// cannot carry at all (C0 controls other than tab, newline and carriage return).
    static func escape(_ text: String, attribute: Bool = false) throws(CatalogError) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where attribute: output += "&quot;"
            case "\n" where attribute: output += "&#10;"
            case "\t" where attribute: output += "&#9;"
            case "\r": output += "&#13;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                throw CatalogError("U+\(String(scalar.value, radix: 16, uppercase: true)) cannot appear in an XML file")
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
