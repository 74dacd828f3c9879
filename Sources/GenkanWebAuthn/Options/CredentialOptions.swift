import GenkanJSON

/// The account a passkey is made for, as `navigator.credentials.create` names it (§5.4.3).
public struct UserEntity: Sendable, Equatable {
    /// The user handle: opaque bytes, at most 64, never an e-mail address or other personal data
    /// (authenticators store it unencrypted, and it comes back with every assertion).
    public let id: [UInt8]
    /// What the passkey dialogs list the account as: the sign-in name (an e-mail address).
    public let name: String
    /// A friendlier name, shown beside it.
    public let displayName: String

    public init(id: [UInt8], name: String, displayName: String) {
        precondition(!id.isEmpty && id.count <= 64, "a user handle has 1 to 64 bytes")
        self.id = id
        self.name = name
        self.displayName = displayName
    }
}

/// A credential listed in `excludeCredentials` (or `allowCredentials`): its id and transports.
public struct CredentialDescriptor: Sendable, Equatable {
    public let id: [UInt8]
    public let transports: [String]

    public init(id: [UInt8], transports: [String] = []) {
        self.id = id
        self.transports = transports
    }

    var json: JSONValue {
        var members: JSONValue.Members = [("type", .string("public-key")), ("id", .string(Base64URL.encode(id)))]
        if !transports.isEmpty { members.append(("transports", .array(transports.map(JSONValue.string)))) }
        return .object(members)
    }
}

extension WebAuthnVerifier {
    /// The options for `navigator.credentials.create`, as `PublicKeyCredentialCreationOptionsJSON`
    /// (WebAuthn Level 3 §5.1; `PublicKeyCredential.parseCreationOptionsFromJSON` reads it, and
    /// a page without that function decodes the base64url members itself).
    ///
    /// A discoverable credential (`residentKey: "required"`, so sign-in needs no user name),
    /// user verification as the policy says, attestation "none", the policy's algorithms in its
    /// order (ES256, EdDSA, RS256), the account's existing credentials excluded so an
    /// authenticator that holds one says so instead of making another, and `credProps` so the
    /// browser reports whether the credential is discoverable.
    public func registrationOptions(user: UserEntity, challenge: [UInt8], excludeCredentials: [CredentialDescriptor] = [])
        -> JSONValue
    {
        .object([
            ("rp", .object([("id", .string(relyingParty.id)), ("name", .string(relyingParty.name))])),
            ("user", .object([
                ("id", .string(Base64URL.encode(user.id))), ("name", .string(user.name)), ("displayName", .string(user.displayName)),
            ])),
            ("challenge", .string(Base64URL.encode(challenge))),
            ("pubKeyCredParams", .array(policy.algorithms.map { .object([("type", .string("public-key")), ("alg", .integer($0.rawValue))]) })),
            ("timeout", .integer(policy.timeoutMilliseconds)),
            ("excludeCredentials", .array(excludeCredentials.map(\.json))),
            ("authenticatorSelection", .object([
                ("residentKey", .string("required")), ("requireResidentKey", .bool(true)),
                ("userVerification", .string(policy.userVerification.rawValue)),
            ])),
            ("attestation", .string("none")),
            ("extensions", .object([("credProps", .bool(true))])),
        ])
    }

    /// The options for `navigator.credentials.get`, as `PublicKeyCredentialRequestOptionsJSON`
    /// (WebAuthn Level 3 §5.1): no `allowCredentials` by default, so the browser offers the
    /// site's discoverable credentials (and conditional UI can list them in autofill).
    public func authenticationOptions(challenge: [UInt8], allowCredentials: [CredentialDescriptor] = []) -> JSONValue {
        var members: JSONValue.Members = [
            ("challenge", .string(Base64URL.encode(challenge))),
            ("timeout", .integer(policy.timeoutMilliseconds)),
            ("rpId", .string(relyingParty.id)),
            ("userVerification", .string(policy.userVerification.rawValue)),
        ]
        if !allowCredentials.isEmpty { members.append(("allowCredentials", .array(allowCredentials.map(\.json)))) }
        return .object(members)
    }
}
