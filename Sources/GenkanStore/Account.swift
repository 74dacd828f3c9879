/// An account as the application sees it (the password hash stays inside the store).
public struct Account: Sendable, Hashable {
    public let id: Int64
    /// The normalized e-mail address (unique).
    public let email: String
    public let displayName: String
    /// The display name's comparison key (for finding look-alike names).
    public let nameKey: String
    /// Seconds since 1970 (UTC).
    public let createdAt: Int64
    public let verifiedAt: Int64?
    public let disabledAt: Int64?

    public var isVerified: Bool { verifiedAt != nil }
    public var isDisabled: Bool { disabledAt != nil }
}

/// What sign-up stores.
public struct NewAccount: Sendable, Hashable {
    public let email: String
    public let displayName: String
    public let nameKey: String
    public let passwordHash: String

    public init(email: String, displayName: String, nameKey: String, passwordHash: String) {
        self.email = email
        self.displayName = displayName
        self.nameKey = nameKey
        self.passwordHash = passwordHash
    }
}
