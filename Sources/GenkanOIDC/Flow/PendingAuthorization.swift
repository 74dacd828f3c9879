import GenkanJSON

/// The secrets of one authorization request, kept by the relying party until the callback: the
/// `state` that ties the callback to the browser that started it, the raw `nonce` (the provider
/// sees only its SHA-256, as Apple's and Firebase's sign-in does), and the PKCE code verifier
/// (RFC 7636; the provider sees its S256 challenge).
public struct PendingAuthorization: Sendable, Equatable {
    public let state: String
    public let nonce: String
    public let codeVerifier: String

    public init(state: String, nonce: String, codeVerifier: String) {
        self.state = state
        self.nonce = nonce
        self.codeVerifier = codeVerifier
    }

    /// Three fresh 256-bit random values.
    public static func new() -> PendingAuthorization {
        PendingAuthorization(state: Digest.randomToken(), nonce: Digest.randomToken(), codeVerifier: Digest.randomToken())
    }

    /// What the authorization request carries as `nonce`: the raw nonce's SHA-256 in hex.
    public var nonceHash: String { Digest.sha256Hex(nonce) }

    /// `BASE64URL(SHA256(code_verifier))` (RFC 7636 §4.2, S256).
    public var codeChallenge: String { Self.codeChallenge(for: codeVerifier) }

    public static func codeChallenge(for verifier: String) -> String { Base64URL.encode(Digest.sha256(verifier)) }
}
