/// Escaping for XML 1.0 character data and attribute values (XML 1.0 §2.4, §3.3.3).
enum XMLText {
    /// `text` as character data or a double-quoted attribute value; throws for characters XML 1.0
    /// cannot carry at all (C0 controls other than tab, newline and carriage return).
    static func escape(_ text: String, attribute: Bool = false) throws(CatalogError) -> String {
        try text.replacingScalars { (scalar) throws(CatalogError) -> String? in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"" where attribute: return "&quot;"
            case "\n" where attribute: return "&#10;"
            case "\t" where attribute: return "&#9;"
            case "\r": return "&#13;"
            case "\t", "\n": return nil
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                throw CatalogError("U+\(String(scalar.value, radix: 16, uppercase: true)) cannot appear in an XML file")
            default: return nil
            }
        }
    }
}
