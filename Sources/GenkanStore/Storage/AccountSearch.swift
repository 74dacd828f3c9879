/// What the console's search asks the storage for: accounts matching any of the given keys
/// (none given: every account), newest first, below `beforeID` for the next page.
public struct AccountSearch: Sendable, Hashable {
    /// The start of the address's comparison key (`AccountStore.emailKey`).
    public var emailKeyPrefix: String?
    /// The uid, compared exactly.
    public var uid: String?
    /// The start of the name's comparison key.
    public var nameKeyPrefix: String?
    public var beforeID: Int64?
    public var limit: Int

    public init(emailKeyPrefix: String?, uid: String?, nameKeyPrefix: String?, beforeID: Int64?, limit: Int) {
        self.emailKeyPrefix = emailKeyPrefix
        self.uid = uid
        self.nameKeyPrefix = nameKeyPrefix
        self.beforeID = beforeID
        self.limit = limit
    }
}
