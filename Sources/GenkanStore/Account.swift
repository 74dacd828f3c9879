/// An account as the application sees it (the password hash stays inside the store).
public struct Account: Sendable, Hashable {
    /// The store's own key: what rows about the account refer to. Never shown outside the server.
    public let id: Int64
    /// The account's id in the Firebase-compatible API (`localId`, the ID tokens' `sub`): a string
    /// of 1 to 128 characters, unique. Accounts from before it existed have their `id` in decimal;
    /// new ones 28 random letters and digits, or what a custom token chose.
    public let uid: String
    /// The normalized e-mail address as it was typed, for display and mail; empty for an account
    /// without one (anonymous, or made by a custom token). Look-ups compare its case-folded
    /// comparison key (`AccountStore.emailKey`), which is unique.
    public let email: String
    public let displayName: String
    /// The display name's comparison key (for finding look-alike names).
    public let nameKey: String
    /// Seconds since 1970 (UTC).
    public let createdAt: Int64
    public let verifiedAt: Int64?
    public let disabledAt: Int64?
    /// Sessions (and later tokens) issued before this time are void: set by a password reset or
    /// change. Nil until then.
    public let validSince: Int64?
    /// Made by an anonymous sign-up and not yet given an address, a password or a provider: the
    /// site never shows it, and it is deleted once unused for the configured lifetime.
    public let isAnonymous: Bool
    /// The developer claims every ID token of the account carries (a JSON object of at most
    /// `AccountStore.maximumClaimsLength` bytes, as the administrator set it), nil for none.
    public let customClaims: String?
    /// Since when the account may use the admin console (`genkan admin grant`); nil for everyone
    /// else.
    public internal(set) var adminSince: Int64? = nil

    public var isVerified: Bool { verifiedAt != nil }
    public var isDisabled: Bool { disabledAt != nil }
    public var isAdministrator: Bool { adminSince != nil }
    /// Whether the account has an address (anonymous accounts and those made by a custom token
    /// may have none).
    public var hasEmail: Bool { !email.isEmpty }
    /// Whether the uid is the account's row number in decimal, as the accounts made before uids
    /// were strings got it: a name in the site's numbering, which a backend's custom tokens, in
    /// their own numbering, never reach (`Authenticator.signIn(customUID:…)`).
    public var hasLegacyUID: Bool { uid == String(id) }
}

/// What sign-up stores.
public struct NewAccount: Sendable, Hashable {
    /// The normalized address (GenkanValidation's `normalizedEmail`); the store derives its key.
    public let email: String
    public let displayName: String
    public let nameKey: String
    /// Nil for an account that signs in only through a provider until a reset sets a password.
    public let passwordHash: String?

    public init(email: String, displayName: String, nameKey: String, passwordHash: String?) {
        self.email = email
        self.displayName = displayName
        self.nameKey = nameKey
        self.passwordHash = passwordHash
    }
}
