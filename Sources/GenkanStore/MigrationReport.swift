/// What opening a database changed that its operator should know about.
public struct MigrationReport: Sendable, Hashable {
    /// The schema version the file had when it was opened.
    public let fromVersion: Int64
    /// The schema version it has now.
    public let toVersion: Int64
    /// Accounts whose address is, case aside, the address of an older account (migration 2).
    public internal(set) var emailCollisions: [EmailKeyCollision] = []

    init(fromVersion: Int64, toVersion: Int64) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
    }

    /// One line per finding, for standard error; ids only (no address, no hash).
    public var lines: [String] {
        emailCollisions.map { collision in
            "genkan: schema \(toVersion): account \(collision.accountID) has the e-mail address of the older account "
                + "\(collision.keptAccountID) (case aside); it keeps its row but no comparison key, so it cannot "
                + "sign in until an operator resolves it"
        }
    }
}

/// An account left without an e-mail comparison key because an older account holds the same key.
public struct EmailKeyCollision: Sendable, Hashable {
    /// The newer account, which keeps its row but gets no key.
    public let accountID: Int64
    /// The older account (smaller `created_at`, then smaller id), which keeps the key.
    public let keptAccountID: Int64

    public init(accountID: Int64, keptAccountID: Int64) {
        self.accountID = accountID
        self.keptAccountID = keptAccountID
    }
}
