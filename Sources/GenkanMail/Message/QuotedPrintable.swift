/// The quoted-printable content transfer encoding (RFC 2045 §6.7) of text.
///
/// Line breaks in the text (CRLF, LF or a lone CR) become CRLF, the canonical form of text
/// (RFC 2045 §6.7 rule 4, RFC 2046 §4.1.1). Octets other than printable ASCII, and `=`, are
/// written `=XX` with upper-case hex (rules 1–2); a space or tab that ends a line is encoded
/// too (rule 3); lines longer than 76 characters are broken with soft line breaks (`=` CRLF,
/// rule 5) that never split an `=XX` triplet.
enum QuotedPrintable {
    static let lineLimit = 76
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func encode(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        var first = true
        for line in lines(of: text) {
            if !first { output += [0x0D, 0x0A] }
            first = false
            encodeLine(line, into: &output)
        }
        return output
    }

    /// The lines of `text`, split at CRLF, LF or a lone CR.
    static func lines(of text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D || byte == 0x0A {
                lines.append(bytes[start..<index])
                index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    private static func encodeLine(_ line: ArraySlice<UInt8>, into output: inout [UInt8]) {
        guard !line.isEmpty else { return }
        var column = 0
        let last = line.index(before: line.endIndex)
        for index in line.indices {
            let byte = line[index]
            let isLast = index == last
            let literal: Bool
            switch byte {
            case 0x21...0x3C, 0x3E...0x7E: literal = true
            case 0x20, 0x09: literal = !isLast
            default: literal = false
            }
            let width = literal ? 1 : 3
            // The last piece of a line may use column 76; any other must leave room for the `=`
            // of a soft line break.
            if column + width > (isLast ? lineLimit : lineLimit - 1) {
                output += [UInt8(ascii: "="), 0x0D, 0x0A]
                column = 0
            }
            if literal {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
            column += width
        }
    }
}
