import Foundation

/// Unpadded base64url (RFC 4648 §5), as JWTs use it (RFC 7515 §2). Encoding is `Secret.base64URL`.
enum Base64URL {
    /// The bytes of `text`, nil when it is not base64url (padding is not accepted).
    static func decode(_ text: Substring) -> [UInt8]? {
        guard text.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        }), text.utf8.count % 4 != 1 else { return nil }
        var standard = String(text).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map { Array($0) }
    }
}
