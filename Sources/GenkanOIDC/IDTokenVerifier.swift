import GenkanJSON

/// An ID token whose signature, issuer, audience, lifetime and nonce were checked (OpenID
/// Connect Core 1.0 §3.1.3.7), with the claims a relying party uses.
public struct VerifiedIDToken: Sendable {
    public let issuer: String
    /// The provider's stable id for the person; with `issuer`, the identity.
    public let subject: String
    public let email: String?
    /// The provider vouches for the address (`email_verified`, a boolean or Apple's string).
    public let emailVerified: Bool
    /// `name`, or `given_name` and `family_name`, or `nickname`/`preferred_username`, as given.
    public let names: [String]
    public let issuedAt: Int
    public let expiresAt: Int
    /// Every claim, for callers that need more.
    public let claims: JSONValue
}

/// What an ID token must say to be accepted.
public struct IDTokenExpectations: Sendable {
    /// `iss` must be one of these (Google writes `https://accounts.google.com` or, in older
    /// tokens, `accounts.google.com`).
    public var issuers: [String]
    /// `aud` must contain one of these (the client id, and a native app's ids for the
    /// Firebase-compatible API).
    public var audiences: [String]
    /// The raw nonce whose SHA-256 (lower-case hex) `nonce` must be; nil when the caller sent
    /// none, in which case a token with a nonce is refused too (it was meant for a flow that
    /// holds one).
    public var rawNonce: String?
    /// Seconds of clock difference tolerated on `exp` and `iat`.
    public var leeway = 60

    public init(issuers: [String], audiences: [String], rawNonce: String?) {
        self.issuers = issuers
        self.audiences = audiences
        self.rawNonce = rawNonce
    }
}

/// Checks an ID token against a key set and expectations. Pure: no network, no clock of its own.
public enum IDTokenVerifier {
    /// Verifies `token` with `keys` at time `now` (seconds since 1970).
    ///
    /// The order is the cheap structural checks, the signature (nothing in an unsigned token is
    /// believed), then the claims.
    public static func verify(
        _ token: JSONWebToken, keys: JSONWebKeySet, expecting expectations: IDTokenExpectations, now: Int
    ) throws(OIDCFailure) -> VerifiedIDToken {
        try checkSignature(token, keys: keys)
        return try checkClaims(token.claims, expecting: expectations, now: now)
    }

    /// The token's algorithm and key, and its signature.
    public static func checkSignature(_ token: JSONWebToken, keys: JSONWebKeySet) throws(OIDCFailure) {
        guard let algorithm = token.algorithm else {
            throw .unsupportedAlgorithm(token.header[member: "alg"]?.stringValue ?? "(none)")
        }
        if token.header[member: "crit"] != nil { throw .malformedToken("critical header parameters are not understood") }
        guard let key = keys.key(id: token.keyID, for: algorithm) else { throw .unknownKey(token.keyID) }
        do {
            try key.verify(signingInput: token.signingInput, signature: token.signature, algorithm: algorithm)
        } catch .signatureMismatch {
            throw .invalidSignature
        } catch .invalidKey {
            throw .unknownKey(token.keyID)
        } catch {
            throw .providerUnavailable("verifying the signature: \(error)")
        }
    }

    /// The claims of a token whose signature verified.
    public static func checkClaims(
        _ claims: JSONValue, expecting expectations: IDTokenExpectations, now: Int
    ) throws(OIDCFailure) -> VerifiedIDToken {
        guard let issuer = claims[member: "iss"]?.stringValue else { throw .missingClaim("iss") }
        guard expectations.issuers.contains(issuer) else { throw .wrongIssuer(issuer) }
        let audiences: [String]
        switch claims[member: "aud"] {
        case .string(let audience): audiences = [audience]
        case .array(let values): audiences = values.compactMap(\.stringValue)
        case nil: throw .missingClaim("aud")
        default: throw .malformedToken("aud is neither a string nor an array")
        }
        guard let accepted = audiences.first(where: expectations.audiences.contains) else {
            throw .wrongAudience(audiences.joined(separator: " "))
        }
        // Core §3.1.3.7 items 4-5: with several audiences, the authorized party must be us.
        if audiences.count > 1 {
            guard let party = claims[member: "azp"]?.stringValue, expectations.audiences.contains(party) else {
                throw .wrongAudience(audiences.joined(separator: " "))
            }
        } else if let party = claims[member: "azp"]?.stringValue, party != accepted, !expectations.audiences.contains(party) {
            throw .wrongAudience(party)
        }
        guard let expiresAt = claims[member: "exp"]?.numericDate else { throw .missingClaim("exp") }
        guard let issuedAt = claims[member: "iat"]?.numericDate else { throw .missingClaim("iat") }
        guard now < expiresAt + expectations.leeway else { throw .expired }
        guard issuedAt <= now + expectations.leeway else { throw .issuedInFuture }
        guard let subject = claims[member: "sub"]?.stringValue, !subject.isEmpty, subject.utf8.count <= 255 else {
            throw .missingClaim("sub")
        }
        let nonce = claims[member: "nonce"]?.stringValue
        switch (expectations.rawNonce, nonce) {
        case (nil, nil): break
        case (nil, .some), (.some, nil): throw .missingNonce
        case (.some(let raw), .some(let nonce)):
            guard constantTimeEqual(Digest.sha256Hex(raw), nonce) else { throw .nonceMismatch }
        }
        var names: [String] = []
        if let name = claims[member: "name"]?.stringValue { names.append(name) }
        let given = claims[member: "given_name"]?.stringValue, family = claims[member: "family_name"]?.stringValue
        if given != nil || family != nil { names.append([given, family].compactMap { $0 }.joined(separator: " ")) }
        for claim in ["nickname", "preferred_username"] {
            if let name = claims[member: claim]?.stringValue { names.append(name) }
        }
        let email = claims[member: "email"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return VerifiedIDToken(
            issuer: issuer, subject: subject, email: email,
            emailVerified: email != nil && claims[member: "email_verified"]?.lenientBoolValue == true, names: names,
            issuedAt: issuedAt, expiresAt: expiresAt, claims: claims)
    }

    /// Compares two strings in time that depends only on their lengths.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
