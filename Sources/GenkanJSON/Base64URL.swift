/// base64url without padding (RFC 7515 §2, RFC 4648 §5): how JWS, JWK and WebAuthn carry bytes inside
/// JSON strings, so it lives beside the JSON reader their users share.
public enum Base64URL {
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        Base64.encode(bytes, alphabet: .url, padded: false)
    }

    public static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

    /// The bytes of `text`, or nil when it is not base64url without padding (padding, `+`, `/`,
    /// whitespace and non-zero trailing bits are all refused: one token, one spelling).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard !input.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }) else { return nil }
        return Base64.decodeUnpadded(input)
    }
}
