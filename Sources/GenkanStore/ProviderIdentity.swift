/// An account's identity at an OpenID provider: the provider's issuer and its stable subject.
public struct ProviderIdentity: Sendable, Hashable {
    /// The configured name of the provider (`google`, `apple`, …).
    public let provider: String
    public let issuer: String
    public let subject: String
    /// The address the provider gave when the identity was linked (for the settings page).
    public let email: String?
    public let linkedAt: Int64
    public let lastUsedAt: Int64?

    public init(provider: String, issuer: String, subject: String, email: String?, linkedAt: Int64, lastUsedAt: Int64?) {
        self.provider = provider
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.linkedAt = linkedAt
        self.lastUsedAt = lastUsedAt
    }
}

/// What a provider's verified ID token says about the person, as sign-in and linking need it.
public struct ProviderProfile: Sendable, Hashable {
    public let provider: String
    public let issuer: String
    public let subject: String
    /// The normalized address (GenkanValidation's `normalizedEmail`), or nil when the provider
    /// gave none (or one Genkan does not accept).
    public let email: String?
    /// The provider says it verified the address (`email_verified`).
    public let emailVerified: Bool
    /// The display name and its comparison key, already through the nickname rules.
    public let displayName: String
    public let nameKey: String

    public init(
        provider: String, issuer: String, subject: String, email: String?, emailVerified: Bool, displayName: String,
        nameKey: String
    ) {
        self.provider = provider
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.nameKey = nameKey
    }
}

/// An authorization request waiting for its callback, as the callback reads it back.
public struct ProviderAuthorization: Sendable, Hashable {
    public let provider: String
    /// SHA-256 of the pre-session cookie of the browser that started it.
    public let bindingHash: [UInt8]
    /// The signed-in account when the request links a provider; nil for signing in.
    public let accountID: Int64?
    public let nonce: String
    public let codeVerifier: String
    public let returnTo: String?
    public let expiresAt: Int64
    /// What the provider posted (`form_post`), when it did: the code and Apple's `user` field.
    public let responseCode: String?
    public let responseUser: String?

    public init(
        provider: String, bindingHash: [UInt8], accountID: Int64?, nonce: String, codeVerifier: String, returnTo: String?,
        expiresAt: Int64, responseCode: String? = nil, responseUser: String? = nil
    ) {
        self.provider = provider
        self.bindingHash = bindingHash
        self.accountID = accountID
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.returnTo = returnTo
        self.expiresAt = expiresAt
        self.responseCode = responseCode
        self.responseUser = responseUser
    }
}
