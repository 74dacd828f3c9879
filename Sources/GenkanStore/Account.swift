/// An account as the application sees it (the password hash stays inside the store).
public struct Account: Sendable, Hashable {
    public let id: Int64
    /// The normalized e-mail address as it was typed, for display and mail. Look-ups compare its
    /// case-folded comparison key (`AccountStore.emailKey`), which is unique.
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

    public var isVerified: Bool { verifiedAt != nil }
    public var isDisabled: Bool { disabledAt != nil }
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
