/// Statements are written once with SQLite's parameters (`?`, `?N`); PostgreSQL numbers its own
/// (`$1…$N`). A statement is renumbered once, when a connection first prepares it.
enum PostgresPlaceholders {
    /// `sql` with each `?N` written `$N`, and each bare `?` numbered one more than the largest
    /// number assigned before it, which is how SQLite numbers them (lang_expr.html, "Parameters"):
    /// `a = ? AND b = ?1 AND c = ?` is `a = $1 AND b = $1 AND c = $2`. A `?` inside a string
    /// literal, a quoted identifier or a comment is left alone.
    static func numbered(_ sql: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(sql.utf8.count + 8)
        var largest = 0
        var quote: UInt8?  // ' or " while inside a literal or a quoted identifier
        var comment: UInt8?  // - for a line comment, * for a block comment
        var bytes = Array(sql.utf8)[...]
        while let byte = bytes.popFirst() {
            if let open = quote {
                output.append(byte)
                if byte == open { quote = nil }  // a doubled quote closes and opens again
                continue
            }
            if let kind = comment {
                output.append(byte)
                if kind == UInt8(ascii: "-") && byte == UInt8(ascii: "\n") {
                    comment = nil
                } else if kind == UInt8(ascii: "*") && byte == UInt8(ascii: "*") && bytes.first == UInt8(ascii: "/") {
                    output.append(bytes.removeFirst())
                    comment = nil
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = byte
                output.append(byte)
            case UInt8(ascii: "-") where bytes.first == UInt8(ascii: "-"), UInt8(ascii: "/") where bytes.first == UInt8(ascii: "*"):
                comment = bytes.first
                output.append(byte)
                output.append(bytes.removeFirst())
            case UInt8(ascii: "?"):
                var digits = 0
                var number = 0
                while let digit = bytes.first, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                    number = number * 10 + Int(digit - UInt8(ascii: "0"))
                    digits += 1
                    bytes.removeFirst()
                }
                if digits == 0 { number = largest + 1 }
                largest = max(largest, number)
                output.append(UInt8(ascii: "$"))
                output.append(contentsOf: String(number).utf8)
            default:
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
