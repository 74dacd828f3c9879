/// The double-quoted string literals of gettext PO files and Apple `.strings` files, which share
/// C's escapes and differ only in how they write other control characters.
enum CStringLiteral {
    /// `text` in double quotes, with `\\`, `"`, newline, tab and carriage return escaped as in C
    /// and any other C0 control written by `control`.
    static func quote(_ text: String, control: (Unicode.Scalar) -> String) -> String {
        let body = text.replacingScalars { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            case "\u{0}"..."\u{1F}": control(scalar)
            default: nil
            }
        }
        return "\"" + body + "\""
    }
}
