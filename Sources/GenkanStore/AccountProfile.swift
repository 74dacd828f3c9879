/// An account with what the Firebase-compatible API reports besides `Account`.
public struct AccountProfile: Sendable, Hashable {
    public let account: Account
    /// The API's `photoUrl`, nil when none was set.
    public let photoURL: String?
    /// The last sign-in with the password (seconds since 1970), nil before the first.
    public let lastLoginAt: Int64?

    public init(account: Account, photoURL: String?, lastLoginAt: Int64?) {
        self.account = account
        self.photoURL = photoURL
        self.lastLoginAt = lastLoginAt
    }
}
