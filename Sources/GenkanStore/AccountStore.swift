/// Accounts, sessions, one-time codes, the mail outbox and server secrets in one SQLite file (WAL).
///
/// One `AccountStore` is one connection: use it from one thread at a time, and open one per
/// thread (several connections to one file are the normal case). Opening migrates the schema.
public final class AccountStore {
    let database: SQLiteDatabase
    public let clock: StoreClock
    public let sessionPolicy: SessionPolicy
    public let codePolicy: ActionCodePolicy
    /// What opening this file migrated (`fromVersion == toVersion` when nothing).
    public let migrationReport: MigrationReport

    /// Opens (creating and migrating if needed) the database at `path`.
    ///
    /// - Parameter migrationLog: receives each line of the migration report (an account whose
    ///   address collided with an older one's); standard error when nil.
    public init(
        path: String, clock: StoreClock = .system, sessionPolicy: SessionPolicy = .standard,
        codePolicy: ActionCodePolicy = .standard,
        migrationLog: ((String) -> Void)? = nil
    ) throws(StoreError) {
        database = try SQLiteDatabase(path: path)
        self.clock = clock
        self.sessionPolicy = sessionPolicy
        self.codePolicy = codePolicy
        migrationReport = try Schema.migrate(database)
        migrationReport.lines.forEach(migrationLog ?? StandardError.write)
    }

    /// The schema version of the open file.
    public func schemaVersion() throws(StoreError) -> Int64 {
        try database.scalarInteger("PRAGMA user_version") ?? 0
    }

    // MARK: Accounts

    static let accountColumns =
        "id, email, display_name, name_key, created_at, verified_at, disabled_at, valid_since, password_hash"

    /// The account in `accountColumns` order from column `first` on (the hash is not read).
    func readAccount(_ row: SQLiteStatement, from first: Int32 = 0) -> Account {
        Account(
            id: row.integer(first), email: row.text(first + 1), displayName: row.text(first + 2),
            nameKey: row.text(first + 3), createdAt: row.integer(first + 4), verifiedAt: row.optionalInteger(first + 5),
            disabledAt: row.optionalInteger(first + 6), validSince: row.optionalInteger(first + 7))
    }

    /// Stores a new account under the comparison key of its address.
    ///
    /// - Throws: `StoreError.Code.constraint` when the address, case aside, is already in use.
    public func createAccount(_ new: NewAccount) throws(StoreError) -> Account {
        let now = clock.now()
        try database.prepare(
            """
            INSERT INTO accounts (email, email_key, display_name, name_key, password_hash, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .text(new.email), .text(Self.emailKey(new.email)), .text(new.displayName), .text(new.nameKey),
            .text(new.passwordHash), .integer(now)
        ).run()
        return Account(
            id: database.lastInsertedRowID, email: new.email, displayName: new.displayName, nameKey: new.nameKey,
            createdAt: now, verifiedAt: nil, disabledAt: nil, validSince: nil)
    }

    /// The account whose address has the same comparison key as this normalized address, and its
    /// password hash.
    public func account(email: String) throws(StoreError) -> (account: Account, passwordHash: String)? {
        let statement = try database.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE email_key = ?")
        defer { statement.reset() }
        guard try statement.bind(.text(Self.emailKey(email))).step() else { return nil }
        return (readAccount(statement), statement.text(8))
    }

    /// The account with this id.
    public func account(id: Int64) throws(StoreError) -> Account? {
        let statement = try database.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE id = ?")
        defer { statement.reset() }
        guard try statement.bind(.integer(id)).step() else { return nil }
        return readAccount(statement)
    }

    /// Replaces the hash of the same password (a rehash with current parameters); sessions stay.
    public func updatePasswordHash(accountID: Int64, to hash: String) throws(StoreError) {
        try database.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
            .bind(.text(hash), .integer(accountID)).run()
    }

    /// Sets a new password: stores its hash, sets `valid_since` to now and deletes every session of
    /// the account, in one transaction (or inside the caller's).
    public func replacePassword(accountID: Int64, passwordHash: String) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
                .bind(.text(passwordHash), .integer(accountID)).run()
            try endEverySession(accountID: accountID)
        }
    }

    /// Sets `valid_since` to now and deletes every session and refresh token of the account: what was
    /// issued before (sessions, ID and refresh tokens, pending address changes) is void, even where the delete cannot reach.
    func endEverySession(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET valid_since = ? WHERE id = ?")
            .bind(.integer(clock.now()), .integer(accountID)).run()
        try deleteSessions(accountID: accountID)
        try deleteRefreshTokens(accountID: accountID)
    }

    /// Sets the display name and its comparison key; false when there is no such account.
    func setName(accountID: Int64, displayName: String, nameKey: String) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET display_name = ?, name_key = ? WHERE id = ?")
            .bind(.text(displayName), .text(nameKey), .integer(accountID)).run()
        return database.changes > 0
    }

    /// Moves the account to `email` (normalized) and its comparison key, verified now (the link
    /// that asked for this was opened at that address).
    ///
    /// - Throws: `StoreError.Code.constraint` when another account has the address, case aside;
    ///   nothing is written then.
    func setEmail(accountID: Int64, to email: String) throws(StoreError) {
        try database.prepare("UPDATE accounts SET email = ?, email_key = ?, verified_at = ? WHERE id = ?")
            .bind(.text(email), .text(Self.emailKey(email)), .integer(clock.now()), .integer(accountID)).run()
    }

    /// Deletes an account with everything about it, in one transaction (or inside the caller's):
    /// its sessions, its one-time codes, its mail not yet delivered (or given up on), the
    /// password-reset requests waiting for its address, and the account. Its address is free for a
    /// new sign-up afterwards.
    ///
    /// - Returns: the account as it was, or nil when there was none.
    @discardableResult
    public func deleteAccount(id: Int64) throws(StoreError) -> Account? {
        try database.transaction { () throws(StoreError) -> Account? in
            let statement = try database.prepare("SELECT \(Self.accountColumns), email_key FROM accounts WHERE id = ?")
            guard try statement.bind(.integer(id)).step() else {
                statement.reset()
                return nil
            }
            let account = readAccount(statement)
            // NULL for an account that lost its key to an older one in migration 2: the requests
            // for that key are the older account's.
            let emailKey = statement.optionalText(9)
            statement.reset()
            if let emailKey { try deleteResetRequests(emailKey: emailKey) }
            try deleteMail(accountID: id)
            try database.prepare("DELETE FROM action_codes WHERE account_id = ?").bind(.integer(id)).run()
            try deleteSessions(accountID: id)
            try deleteRefreshTokens(accountID: id)
            try database.prepare("DELETE FROM accounts WHERE id = ?").bind(.integer(id)).run()
            return account
        }
    }

    /// Disables or re-enables an account; disabling also ends its sessions.
    public func setDisabled(accountID: Int64, _ disabled: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.prepare("UPDATE accounts SET disabled_at = ? WHERE id = ?")
                .bind(disabled ? .integer(clock.now()) : .null, .integer(accountID)).run()
            if disabled { try deleteSessions(accountID: accountID) }
        }
    }

    public func markVerified(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET verified_at = ? WHERE id = ? AND verified_at IS NULL")
            .bind(.integer(clock.now()), .integer(accountID)).run()
    }

    // MARK: Transactions

    /// Runs `body` in one transaction (a savepoint inside another), so that what it writes through
    /// this store commits together or not at all.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try database.transaction(body)
    }

    // MARK: Secrets

    /// The server secret called `name`, created with `length` random bytes on first use; the same
    /// value for every connection and after restarts.
    public func secret(named name: String, length: Int = 32) throws(StoreError) -> [UInt8] {
        try database.transaction { () throws(StoreError) in
            let select = try database.prepare("SELECT value FROM secrets WHERE name = ?")
            defer { select.reset() }
            if try select.bind(.text(name)).step() {
                return select.blob(0)
            }
            let value = Secret.randomBytes(length)
            try database.prepare("INSERT INTO secrets (name, value) VALUES (?, ?)").bind(.text(name), .blob(value)).run()
            return value
        }
    }
}
