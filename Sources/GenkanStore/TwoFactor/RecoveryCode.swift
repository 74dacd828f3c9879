/// Single-use recovery codes: what lets an owner in whose authenticator is lost.
///
/// A code is 16 characters of Crockford's base32 alphabet (digits and lower-case letters without
/// i, l, o and u), 80 random bits, shown in groups of four: `7k3m-q9xd-2hfa-v0nc`. Its letters and
/// its length tell it apart from a 6-digit authenticator code, so one field takes either.
///
/// Stored as the SHA-256 of the normalized code: 80 random bits need no salt or stretching (no
/// dictionary holds them, and 2⁸⁰ guesses are out of reach), so checking one costs no hashing
/// work that a flood of guesses could turn against the server.
public enum RecoveryCode {
    /// Codes in a set.
    public static let count = 10
    /// Characters in a code, without separators.
    public static let length = 16
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    /// A new set of `count` codes, as they are shown (with hyphens).
    public static func newSet() -> [String] {
        (0..<count).map { _ in
            let random = Secret.randomBytes(length)
            // 256 is a multiple of 32, so the low five bits of each byte are uniform.
            let characters = random.map { alphabet[Int($0 & 31)] }
            return stride(from: 0, to: length, by: 4)
                .map { String(decoding: characters[$0..<$0 + 4], as: UTF8.self) }
                .joined(separator: "-")
        }
    }

    /// The code as stored and compared: separators and spaces dropped, lower case, and the
    /// letters Crockford's alphabet reads as digits (o as 0, i and l as 1) mapped; nil unless
    /// exactly `length` characters of the alphabet remain.
    public static func normalized(_ typed: String) -> String? {
        var output = [UInt8]()
        for scalar in typed.unicodeScalars {
            guard scalar.isASCII else { return nil }
            var byte = UInt8(scalar.value)
            if byte == 0x2d || byte == 0x20 { continue }
            if (0x41...0x5a).contains(byte) { byte += 0x20 }
            switch byte {
            case 0x6f: byte = 0x30  // o → 0
            case 0x69, 0x6c: byte = 0x31  // i, l → 1
            default: break
            }
            guard alphabet.contains(byte) else { return nil }
            output.append(byte)
        }
        guard output.count == length else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// What is stored for a normalized code.
    public static func digest(_ normalized: String) -> [UInt8] {
        Secret.sha256(Array("genkan-recovery-code:".utf8) + Array(normalized.utf8))
    }
}
