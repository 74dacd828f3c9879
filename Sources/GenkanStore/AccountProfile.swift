/// An account with what the Firebase-compatible API reports besides `Account`.
public struct AccountProfile: Sendable, Hashable {
    public let account: Account
    /// The API's `photoUrl`, nil when none was set.
    public let photoURL: String?
    /// The last sign-in (seconds since 1970), nil before the first.
    public let lastLoginAt: Int64?
    /// Whether a password signs in to the account (the API's `passwordHash`, redacted, and the
    /// `password` entry of `providerUserInfo`).
    public let hasPassword: Bool
    /// The provider identities linked to the account, in the order they were linked.
    public let identities: [ProviderIdentity]

    public init(
        account: Account, photoURL: String?, lastLoginAt: Int64?, hasPassword: Bool = false, identities: [ProviderIdentity] = []
    ) {
        self.account = account
        self.photoURL = photoURL
        self.lastLoginAt = lastLoginAt
        self.hasPassword = hasPassword
        self.identities = identities
    }
}
