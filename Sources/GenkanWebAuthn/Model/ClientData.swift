import GenkanJSON

/// The browser's `clientDataJSON` (WebAuthn Level 3 §5.8.1), parsed: what the browser says it
/// asked for, where, and with which challenge. The authenticator signs its SHA-256.
public struct ClientData: Sendable, Equatable {
    /// `webauthn.create` for a registration, `webauthn.get` for an assertion.
    public let type: String
    /// The challenge, decoded from base64url.
    public let challenge: [UInt8]
    /// The origin of the page that called the API, as the browser serialized it (`https://example.com`).
    public let origin: String
    /// Whether the call came from an iframe of another origin than the top-level page.
    public let crossOrigin: Bool
    /// The top-level origin, present only for cross-origin calls.
    public let topOrigin: String?
    /// The bytes as received: the signature covers their hash, so they are never re-serialized.
    public let bytes: [UInt8]

    /// Parses `clientDataJSON` with Genkan's strict JSON reader (duplicate member names refused).
    ///
    /// - Throws: `.inputTooLarge`, `.malformedResponse` (not a JSON object, a required member
    ///   missing or of the wrong type, a challenge that is not canonical base64url).
    public init(bytes: [UInt8], limits: WebAuthnLimits = WebAuthnLimits()) throws(WebAuthnFailure) {
        guard bytes.count <= limits.clientDataJSON else {
            throw WebAuthnFailure(.inputTooLarge, "clientDataJSON of \(bytes.count) bytes")
        }
        guard let json = JSONReader.value(bytes), case .object = json else {
            throw WebAuthnFailure(.malformedResponse, "clientDataJSON is not a JSON object")
        }
        guard let type = json[member: "type"]?.stringValue else {
            throw WebAuthnFailure(.malformedResponse, "clientDataJSON without a string type")
        }
        guard let challengeText = json[member: "challenge"]?.stringValue else {
            throw WebAuthnFailure(.malformedResponse, "clientDataJSON without a string challenge")
        }
        guard let challenge = Base64URL.decode(challengeText) else {
            throw WebAuthnFailure(.malformedResponse, "a challenge that is not base64url without padding")
        }
        guard let origin = json[member: "origin"]?.stringValue else {
            throw WebAuthnFailure(.malformedResponse, "clientDataJSON without a string origin")
        }
        var crossOrigin = false
        switch json[member: "crossOrigin"] {
        case nil, .null?: break
        case .bool(let value)?: crossOrigin = value
        default: throw WebAuthnFailure(.malformedResponse, "a crossOrigin that is not a boolean")
        }
        var topOrigin: String?
        if let value = json[member: "topOrigin"] {
            guard let text = value.stringValue else { throw WebAuthnFailure(.malformedResponse, "a topOrigin that is not a string") }
            topOrigin = text
        }
        self.type = type
        self.challenge = challenge
        self.origin = origin
        self.crossOrigin = crossOrigin
        self.topOrigin = topOrigin
        self.bytes = bytes
    }

    /// SHA-256 of the bytes, which the authenticator's signature covers after the authenticator data.
    public var hash: [UInt8] { OpenSSL.sha256(bytes) }
}
