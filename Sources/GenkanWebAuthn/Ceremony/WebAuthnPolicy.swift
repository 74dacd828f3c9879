/// Whether a ceremony must verify the user (biometrics, PIN, device passcode) or only see them present.
public enum UserVerification: String, Sendable, CaseIterable {
    /// The UV flag must be set, or the response is refused.
    case required
    /// Browsers ask for verification when the authenticator can; a response without it is accepted.
    case preferred
    /// Browsers avoid asking for verification; a response without it is accepted.
    case discouraged
}

/// What a relying party accepts, beyond the checks WebAuthn requires of everyone.
public struct WebAuthnPolicy: Sendable, Equatable {
    /// Whether the user must be verified. Passkeys stand for a password and a second factor at
    /// once only when verified (Genkan's site requires it); `.preferred`, WebAuthn's own default,
    /// accepts presence alone where the authenticator has no way to verify.
    public var userVerification: UserVerification = .preferred
    /// The algorithms accepted at registration, in order of preference (the options list them so).
    public var algorithms: [COSEAlgorithm] = [.es256, .edDSA, .rs256]
    /// Whether a ceremony may run in a cross-origin iframe (`crossOrigin: true`); off: Genkan's
    /// pages are never framed.
    public var allowCrossOrigin = false
    /// How long browsers let a ceremony run, in milliseconds (the options' `timeout`).
    public var timeoutMilliseconds = 300_000
    public var limits = WebAuthnLimits()

    public init() {}
}
