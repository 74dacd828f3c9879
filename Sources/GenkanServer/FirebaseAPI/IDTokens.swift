import GenkanJSON
import GenkanOIDC
import GenkanStore
import GenkanValidation

/// Issues and checks the API's ID tokens: JWTs (RFC 7519) with Firebase's claims, one hour long.
///
/// With `--firebase-emulator` they are unsigned (`alg: none`), as the Auth emulator's are, so that
/// Admin SDKs pointed at `FIREBASE_AUTH_EMULATOR_HOST` accept them. Otherwise they are signed with
/// Ed25519 (`alg: EdDSA`, RFC 8037) under the key kept in the store, whose public half `jwks`
/// publishes. Unlike the emulator, Genkan checks the expiry and the signature here, and the
/// account's `valid_since` and state where the token is used (`FirebaseAPI.account`). `sub` and
/// `user_id` are the account's uid, whatever string it is.
struct IDTokens: Sendable {
    let project: String
    /// Nil in emulator mode (unsigned tokens).
    let key: SigningKey?
    /// The key's id in the header and the JWKS: 16 hex digits of the SHA-256 of the public key.
    let keyID: String
    /// An ID token's lifetime, in seconds (Firebase's: one hour); `expiresIn` says it as a string.
    static let lifetime: Int64 = 3600
    /// Tokens already checked (signature, audience, issuer), with their claims.
    let verified = VerifiedTokens()

    init(project: String, key: SigningKey?) {
        self.project = project
        self.key = key
        keyID = key.map { String(Secret.hex(Secret.sha256($0.publicKey)).prefix(16)) } ?? ""
    }

    var issuer: String { "https://securetoken.google.com/" + project }

    /// A new ID token for `account` at `now`, for a sign-in at `authTime` with `provider`.
    ///
    /// The account's custom claims (`customAttributes`) and the sign-in's custom-token claims go
    /// in as the emulator puts them: after `name` and `picture`, which they may replace, and before
    /// Firebase's own claims, which they may not (the doors refuse reserved names, and what is
    /// written later wins here anyway). An account without an address has no `email` claims; an
    /// anonymous sign-in says `provider_id: anonymous`, as production does.
    func token(
        for account: Account, photoURL: String?, authTime: Int64, now: Int64, provider: String = "password", claims: String? = nil
    ) -> String {
        var payload = OrderedClaims()
        if !account.displayName.isEmpty { payload["name"] = .string(account.displayName) }
        if let photoURL { payload["picture"] = .string(photoURL) }
        for (name, value) in DeveloperClaims.members(account.customClaims) + DeveloperClaims.members(claims) { payload[name] = value }
        payload["iss"] = .string(issuer)
        payload["aud"] = .string(project)
        payload["auth_time"] = .integer(Int(authTime))
        payload["user_id"] = .string(account.uid)
        payload["sub"] = .string(account.uid)
        payload["iat"] = .integer(Int(now))
        payload["exp"] = .integer(Int(now + Self.lifetime))
        var identities: JSONValue.Members = []
        if account.hasEmail {
            payload["email"] = .string(account.email)
            payload["email_verified"] = .bool(account.isVerified)
            identities.append(("email", .array([.string(account.email)])))
        } else {
            payload.remove("email")
            payload.remove("email_verified")
        }
        if provider == "anonymous" { payload["provider_id"] = .string("anonymous") } else { payload.remove("provider_id") }
        payload["firebase"] = .object([("identities", .object(identities)), ("sign_in_provider", .string(provider))])
        let header: JSONValue =
            key == nil
            ? .object([("alg", .string("none")), ("typ", .string("JWT"))])
            : .object([("alg", .string("EdDSA")), ("kid", .string(keyID)), ("typ", .string("JWT"))])
        let signingInput = Secret.base64URL(Array(header.serialized().utf8)) + "." + Secret.base64URL(Array(payload.json.serialized().utf8))
        let signature = key.map { Secret.base64URL($0.sign(Array(signingInput.utf8))) } ?? ""
        return signingInput + "." + signature
    }

    /// The claims of a token this server issued for this project, checked without the store: its
    /// shape, its algorithm (none only in emulator mode, EdDSA with this key otherwise), its
    /// signature, audience, issuer and expiry.
    ///
    /// - Returns: the claims, or `INVALID_ID_TOKEN`, or `TOKEN_EXPIRED` past `exp`.
    func verify(_ token: String, now: Int64) -> Result<IDTokenClaims, FirebaseError> {
        if let known = verified.claims(of: token) {
            return now < known.expiresAt ? .success(known) : .failure(FirebaseError(.tokenExpired))
        }
        let result = check(token, now: now)
        if case .success(let claims) = result { verified.remember(token, claims) }
        return result
    }

    private func check(_ token: String, now: Int64) -> Result<IDTokenClaims, FirebaseError> {
        let invalid = FirebaseError(.invalidIDToken)
        let parts = token.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
            let headerMembers = JSONValue.apiObject(parsing: headerBytes), let payloadMembers = JSONValue.apiObject(parsing: payloadBytes)
        else { return .failure(invalid) }
        let header = APIRequestBody(headerMembers), payload = APIRequestBody(payloadMembers)
        if let key {
            guard header["alg"] == .string("EdDSA"), header["kid"] == .string(keyID), let signature = Base64URL.decode(parts[2]),
                SigningKey.isValid(signature: signature, of: Array(parts[0].utf8) + [0x2E] + Array(parts[1].utf8), publicKey: key.publicKey)
            else { return .failure(invalid) }
        } else {
            guard header["alg"] == .string("none"), parts[2].isEmpty else { return .failure(invalid) }
        }
        guard payload["aud"] == .string(project), payload["iss"] == .string(issuer),
            case .string(let subject)? = payload["sub"], payload["user_id"] == .string(subject), AccountStore.isValidUID(subject),
            let issuedAt = Self.seconds(payload["iat"]), let expiresAt = Self.seconds(payload["exp"]),
            let authTime = Self.seconds(payload["auth_time"]),
            case .string(let provider)? = payload["firebase"]?[member: "sign_in_provider"]
        else { return .failure(invalid) }
        guard now < expiresAt else { return .failure(FirebaseError(.tokenExpired)) }
        return .success(
            IDTokenClaims(uid: subject, issuedAt: issuedAt, expiresAt: expiresAt, authTime: authTime, signInProvider: provider))
    }

    private static func seconds(_ value: JSONValue?) -> Int64? {
        guard case .number(let number)? = value, let seconds = number.int64, seconds >= 0, seconds < 10_000_000_000_000 else { return nil }
        return seconds
    }

    /// The public key as a JSON Web Key Set (RFC 7517 §5): one OKP key on Ed25519 (RFC 8037 §2);
    /// empty in emulator mode.
    var jwks: JSONValue {
        guard let key else { return .object([("keys", .array([]))]) }
        return .object([
            ("keys", .array([.object([
                ("kty", .string("OKP")), ("crv", .string("Ed25519")), ("x", .string(Secret.base64URL(key.publicKey))),
                ("kid", .string(keyID)), ("use", .string("sig")), ("alg", .string("EdDSA")),
            ])]))
        ])
    }
}

/// A JWT payload being written: members in the order first set, a later value replacing an earlier
/// one of the same name (so a claim appears once).
struct OrderedClaims {
    private var members: JSONValue.Members = []

    subscript(name: String) -> JSONValue? {
        get { members.first { $0.0 == name }?.1 }
        set {
            guard let newValue else { return remove(name) }
            if let index = members.firstIndex(where: { $0.0 == name }) { members[index].1 = newValue } else { members.append((name, newValue)) }
        }
    }

    mutating func remove(_ name: String) {
        members.removeAll { $0.0 == name }
    }

    var json: JSONValue { .object(members) }
}
