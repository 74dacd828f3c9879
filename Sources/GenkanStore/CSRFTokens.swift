/// Anti-forgery tokens for forms (the synchronizer-token pattern without server state): a token
/// is HMAC-SHA-256 of what it is bound to, under a server secret kept in the store.
///
/// Bind a token to the session (a hash of its token) when there is one, or to the pre-session
/// cookie a visitor gets before signing in. A request is genuine when its form token matches the
/// token for its own cookie; a cross-site page can send the cookie but cannot read or compute the
/// token.
public struct CSRFTokens: Sendable {
    private let key: HMACKey

    public init(secret: [UInt8]) {
        precondition(secret.count >= 32, "a CSRF secret needs at least 256 bits")
        key = HMACKey(secret)
    }

    /// The token for `binding`, in base64url.
    public func token(for binding: String) -> String {
        Secret.base64URL(mac(binding))
    }

    /// Whether `token` is the token for `binding`, compared in constant time.
    public func isValid(_ token: String, for binding: String) -> Bool {
        guard !binding.isEmpty, token.utf8.count == 43 else { return false }
        return Secret.constantTimeEqual(Array(token.utf8), Array(Secret.base64URL(mac(binding)).utf8))
    }

    private static let domain = Array("genkan-csrf-v1:".utf8)

    private func mac(_ binding: String) -> [UInt8] {
        key.mac(Self.domain, Array(binding.utf8))
    }
}
