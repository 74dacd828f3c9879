/// What the Firebase-compatible API reads and writes beside the site's own columns: the photo URL,
/// the last sign-in, listing and deleting accounts for the Admin SDKs.
extension AccountStore {
    /// The longest photo URL kept, in UTF-8 bytes (the table CHECKs it too).
    public static let maximumPhotoURLLength = 2048

    private static var profileColumns: String { accountColumns + ", photo_url, last_login_at" }

    private func readProfile(_ row: SQLiteStatement) -> AccountProfile {
        AccountProfile(account: readAccount(row), photoURL: row.optionalText(9), lastLoginAt: row.optionalInteger(10))
    }

    /// The account with this id, with its photo URL and last sign-in.
    public func profile(id: Int64) throws(StoreError) -> AccountProfile? {
        let statement = try database.prepare("SELECT \(Self.profileColumns) FROM accounts WHERE id = ?")
        defer { statement.reset() }
        guard try statement.bind(.integer(id)).step() else { return nil }
        return readProfile(statement)
    }

    /// The account whose address has the comparison key of `email`, with its photo URL and last sign-in.
    public func profile(email: String) throws(StoreError) -> AccountProfile? {
        let statement = try database.prepare("SELECT \(Self.profileColumns) FROM accounts WHERE email_key = ?")
        defer { statement.reset() }
        guard try statement.bind(.text(Self.emailKey(email))).step() else { return nil }
        return readProfile(statement)
    }

    /// Up to `limit` accounts whose id is above `afterID`, in id order (the Admin SDK's list of users).
    public func profiles(afterID: Int64, limit: Int) throws(StoreError) -> [AccountProfile] {
        let statement = try database.prepare("SELECT \(Self.profileColumns) FROM accounts WHERE id > ? ORDER BY id LIMIT ?")
        defer { statement.reset() }
        try statement.bind(.integer(afterID), .integer(Int64(max(0, limit))))
        var profiles: [AccountProfile] = []
        while try statement.step() { profiles.append(readProfile(statement)) }
        return profiles
    }

    /// Records a sign-in with the password now.
    public func recordLogin(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET last_login_at = ? WHERE id = ?")
            .bind(.integer(clock.now()), .integer(accountID)).run()
    }

    /// Sets or (nil) removes the photo URL; false when there is no such account.
    ///
    /// - Throws: `StoreError.Code.constraint` for a URL over `maximumPhotoURLLength` bytes.
    @discardableResult
    public func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET photo_url = ? WHERE id = ?")
            .bind(url.map { .text($0) } ?? .null, .integer(accountID)).run()
        return database.changes > 0
    }

    /// Sets whether the address is verified (an administrator's choice); false when there is no
    /// such account.
    @discardableResult
    public func setVerified(accountID: Int64, _ verified: Bool) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET verified_at = CASE WHEN ? THEN coalesce(verified_at, ?) END WHERE id = ?")
            .bind(.integer(verified ? 1 : 0), .integer(clock.now()), .integer(accountID)).run()
        return database.changes > 0
    }

    /// Deletes every account with everything about it (the emulator's "delete all accounts"); returns
    /// how many accounts there were.
    @discardableResult
    public func deleteAllAccounts() throws(StoreError) -> Int {
        try database.transaction { () throws(StoreError) -> Int in
            var ids: [Int64] = []
            let select = try database.prepare("SELECT id FROM accounts")
            while try select.step() { ids.append(select.integer(0)) }
            select.reset()
            for id in ids { try deleteAccount(id: id) }
            return ids.count
        }
    }
}
