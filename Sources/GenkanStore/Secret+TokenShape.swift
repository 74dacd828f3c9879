extension Secret {
    /// Whether `text` looks like a token from `token()`: 43 base64url characters (256 bits). A
    /// cookie or link that fails this is rejected before any look-up.
    public static func isTokenShaped(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy(isBase64URL)
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte == 0x2d
            || byte == 0x5f
    }
}
