/// RFC 4648 §4 base64 with padding, for encoded-words.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ octets: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((octets.count + 2) / 3 * 4)
        var index = 0
        while index < octets.count {
            let count = min(3, octets.count - index)
            let b0 = UInt32(octets[index])
            let b1 = count > 1 ? UInt32(octets[index + 1]) : 0
            let b2 = count > 2 ? UInt32(octets[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(count > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            output.append(count > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return output
    }
}
