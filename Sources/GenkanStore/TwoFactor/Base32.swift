/// Base32 as RFC 4648 §6 defines it (upper-case A–Z and 2–7), the alphabet of the `secret`
/// parameter of an `otpauth://` URI and of Firebase's `sharedSecretKey`.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// `bytes` in base32 without padding (a 20-byte secret is exactly 32 characters).
    public static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of base32 `text`: upper or lower case, spaces ignored, padding optional; nil for
    /// any other character or for a length no encoding produces.
    public static func decode(_ text: String) -> [UInt8]? {
        var buffer: UInt32 = 0, bits = 0, count = 0
        var output = [UInt8]()
        var padding = false
        for byte in text.utf8 where byte != 0x20 {
            if byte == 0x3d {
                padding = true
                continue
            }
            guard !padding else { return nil }
            let value: UInt32
            switch byte {
            case 0x41...0x5a: value = UInt32(byte - 0x41)
            case 0x61...0x7a: value = UInt32(byte - 0x61)
            case 0x32...0x37: value = UInt32(byte - 0x32 + 26)
            default: return nil
            }
            buffer = (buffer << 5) | value
            bits += 5
            count += 1
            if bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits - 8)))
                bits -= 8
            }
        }
        // §6: a final quantum has 2, 4, 5 or 7 characters; 1, 3 or 6 leave bits no byte needs.
        guard ![1, 3, 6].contains(count % 8) else { return nil }
        return output
    }
}
