import GenkanErrorCodes

/// Why signing in with an OpenID provider, or verifying one of its ID tokens, did not succeed.
///
/// `code` is the one mapping to the Firebase Authentication errors Genkan localizes, and
/// `serverError` the string the Identity Toolkit REST API answers with (`accounts:signInWithIdp`),
/// so a page and the Firebase-compatible API explain the same failure the same way.
public enum OIDCFailure: Error, Sendable, Equatable {
    // MARK: The ID token
    /// Not a JWS of JSON, too long, or a claim of the wrong type.
    case malformedToken(String)
    /// `alg` is not RS256 or ES256 (`none`, HS256, …).
    case unsupportedAlgorithm(String)
    /// No key of the provider's set has the token's `kid`, even after fetching the set again.
    case unknownKey(String?)
    case invalidSignature
    case wrongIssuer(String)
    /// The token is for another client (`aud`, or `azp` when there are several audiences).
    case wrongAudience(String)
    /// `exp` has passed (beyond the leeway).
    case expired
    /// `iat` is in the future (beyond the leeway).
    case issuedInFuture
    /// A claim the relying party needs (`sub`, `exp`, `iat`, …) is missing.
    case missingClaim(String)
    /// A nonce was expected and the token has none, or the token has one and none was given.
    case missingNonce
    /// The token's `nonce` is not the SHA-256 of the raw nonce.
    case nonceMismatch

    // MARK: The flow
    /// No provider of that name (or Firebase provider id) is configured.
    case unknownProvider(String)
    /// The callback's `state` is unknown, used, expired, or was issued to another browser.
    case invalidState
    /// The person declined at the provider (`access_denied`, Apple's `user_cancelled_authorize`).
    case cancelled(String)
    /// Another error from the provider's authorization or token endpoint (`invalid_grant` for a
    /// code used twice), or a token response without an ID token.
    case providerError(String)
    /// The provider's discovery document, keys or token endpoint could not be reached or read.
    case providerUnavailable(String)
    /// The relying party's own settings are unusable (Apple's key, a missing client secret).
    case misconfigured(String)

    /// The Firebase Authentication error for this failure: the one switch.
    public var code: AuthErrorCode {
        switch self {
        case .malformedToken, .unsupportedAlgorithm, .unknownKey, .invalidSignature, .wrongIssuer, .wrongAudience, .expired,
            .issuedInFuture, .missingClaim, .invalidState, .providerError:
            .invalidCredential
        case .missingNonce, .nonceMismatch: .missingOrInvalidNonce
        case .unknownProvider: .invalidProviderID
        case .cancelled: .webContextCancelled
        case .providerUnavailable, .misconfigured: .internalError
        }
    }

    /// The Identity Toolkit error string (`INVALID_IDP_RESPONSE : …`) before its detail.
    public var serverError: String {
        switch code {
        case .missingOrInvalidNonce: "MISSING_OR_INVALID_NONCE"
        case .invalidProviderID: "INVALID_PROVIDER_ID"
        case .internalError: "INTERNAL_ERROR"
        default: "INVALID_IDP_RESPONSE"
        }
    }

    /// What happened, for the operator's log (never a token or a code).
    public var detail: String {
        switch self {
        case .malformedToken(let why): "malformed ID token: \(why)"
        case .unsupportedAlgorithm(let alg): "ID token algorithm '\(alg)' is not accepted"
        case .unknownKey(let kid): "no key '\(kid ?? "(none)")' in the provider's key set"
        case .invalidSignature: "ID token signature does not verify"
        case .wrongIssuer(let issuer): "ID token issuer '\(issuer)' is not the provider's"
        case .wrongAudience(let audience): "ID token is for '\(audience)', not this client"
        case .expired: "ID token has expired"
        case .issuedInFuture: "ID token is issued in the future"
        case .missingClaim(let claim): "ID token has no '\(claim)'"
        case .missingNonce: "nonce missing"
        case .nonceMismatch: "nonce does not match"
        case .unknownProvider(let name): "no provider '\(name)'"
        case .invalidState: "unknown, used, expired or another browser's state"
        case .cancelled(let error): "cancelled at the provider (\(error))"
        case .providerError(let error): "provider error: \(error)"
        case .providerUnavailable(let why): "provider unavailable: \(why)"
        case .misconfigured(let why): "misconfigured: \(why)"
        }
    }
}
