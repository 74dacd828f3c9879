/// Accounts, sessions and server secrets in one SQLite file (WAL).
///
/// One `AccountStore` is one connection: use it from one thread at a time, and open one per
/// thread (several connections to one file are the normal case). Opening migrates the schema.
public final class AccountStore {
    private let database: SQLiteDatabase
    public let clock: StoreClock
    public let sessionPolicy: SessionPolicy

    /// Opens (creating and migrating if needed) the database at `path`.
    public init(path: String, clock: StoreClock = .system, sessionPolicy: SessionPolicy = .standard) throws(StoreError) {
        database = try SQLiteDatabase(path: path)
        self.clock = clock
        self.sessionPolicy = sessionPolicy
        try Schema.migrate(database)
    }

    /// The schema version of the open file.
    public func schemaVersion() throws(StoreError) -> Int64 {
        try database.scalarInteger("PRAGMA user_version") ?? 0
    }

    // MARK: Accounts

    private static let accountColumns =
        "id, email, display_name, name_key, created_at, verified_at, disabled_at, password_hash"

    private func readAccount(_ row: SQLiteStatement) -> (Account, String) {
        let account = Account(
            id: row.integer(0), email: row.text(1), displayName: row.text(2), nameKey: row.text(3),
            createdAt: row.integer(4), verifiedAt: row.optionalInteger(5), disabledAt: row.optionalInteger(6))
        return (account, row.text(7))
    }

    /// Stores a new account.
    ///
    /// - Throws: `StoreError.Code.constraint` when the e-mail address is already in use.
    public func createAccount(_ new: NewAccount) throws(StoreError) -> Account {
        let now = clock.now()
        let statement = try database.prepare(
            "INSERT INTO accounts (email, display_name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)")
        try statement.bind(.text(new.email), .text(new.displayName), .text(new.nameKey), .text(new.passwordHash), .integer(now))
            .run()
        return Account(
            id: database.lastInsertedRowID, email: new.email, displayName: new.displayName, nameKey: new.nameKey,
            createdAt: now, verifiedAt: nil, disabledAt: nil)
    }

    /// The account with this normalized e-mail address and its password hash.
    public func account(email: String) throws(StoreError) -> (account: Account, passwordHash: String)? {
        let statement = try database.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE email = ?")
        defer { statement.reset() }
        guard try statement.bind(.text(email)).step() else { return nil }
        let (account, hash) = readAccount(statement)
        return (account, hash)
    }

    /// The account with this id.
    public func account(id: Int64) throws(StoreError) -> Account? {
        let statement = try database.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE id = ?")
        defer { statement.reset() }
        guard try statement.bind(.integer(id)).step() else { return nil }
        return readAccount(statement).0
    }

    public func updatePasswordHash(accountID: Int64, to hash: String) throws(StoreError) {
        try database.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
            .bind(.text(hash), .integer(accountID)).run()
    }

    /// Disables or re-enables an account; disabling also ends its sessions.
    public func setDisabled(accountID: Int64, _ disabled: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.prepare("UPDATE accounts SET disabled_at = ? WHERE id = ?")
                .bind(disabled ? .integer(clock.now()) : .null, .integer(accountID)).run()
            if disabled {
                try database.prepare("DELETE FROM sessions WHERE account_id = ?").bind(.integer(accountID)).run()
            }
        }
    }

    public func markVerified(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET verified_at = ? WHERE id = ? AND verified_at IS NULL")
            .bind(.integer(clock.now()), .integer(accountID)).run()
    }

    // MARK: Sessions

    /// The key a session is stored under: SHA-256 of its token, so a copy of the database does
    /// not hold usable tokens.
    public static func sessionKey(token: String) -> [UInt8] {
        Secret.sha256(Array(token.utf8))
    }

    /// Starts a session for `accountID` and returns its token (256 random bits, base64url).
    public func createSession(accountID: Int64) throws(StoreError) -> (token: String, session: Session) {
        let token = Secret.token()
        let now = clock.now()
        let session = Session(accountID: accountID, createdAt: now, lastSeenAt: now, expiresAt: now + sessionPolicy.lifetime)
        try database.prepare(
            "INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)"
        ).bind(
            .blob(Self.sessionKey(token: token)), .integer(accountID), .integer(now), .integer(now),
            .integer(session.expiresAt)
        ).run()
        return (token, session)
    }

    /// The live session with this token and its account, updating its last-seen time; nil (and
    /// the session deleted) when it has expired, been idle too long, or its account is disabled.
    public func session(token: String) throws(StoreError) -> (session: Session, account: Account)? {
        guard token.utf8.count <= 256 else { return nil }
        let key = Self.sessionKey(token: token)
        let now = clock.now()
        let statement = try database.prepare(
            """
            SELECT s.account_id, s.created_at, s.last_seen_at, s.expires_at,
                   a.id, a.email, a.display_name, a.name_key, a.created_at, a.verified_at, a.disabled_at
            FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?
            """)
        guard try statement.bind(.blob(key)).step() else { return nil }
        let session = Session(
            accountID: statement.integer(0), createdAt: statement.integer(1), lastSeenAt: statement.integer(2),
            expiresAt: statement.integer(3))
        let account = Account(
            id: statement.integer(4), email: statement.text(5), displayName: statement.text(6), nameKey: statement.text(7),
            createdAt: statement.integer(8), verifiedAt: statement.optionalInteger(9), disabledAt: statement.optionalInteger(10))
        statement.reset()
        if now >= session.expiresAt || now - session.lastSeenAt >= sessionPolicy.idleTimeout || account.isDisabled {
            try deleteSession(key: key)
            return nil
        }
        if now - session.lastSeenAt >= sessionPolicy.touchInterval {
            try database.prepare("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?")
                .bind(.integer(now), .blob(key)).run()
            return (Session(accountID: session.accountID, createdAt: session.createdAt, lastSeenAt: now, expiresAt: session.expiresAt), account)
        }
        return (session, account)
    }

    /// Ends the session with this token (signing out); a missing session is not an error.
    public func deleteSession(token: String) throws(StoreError) {
        try deleteSession(key: Self.sessionKey(token: token))
    }

    private func deleteSession(key: [UInt8]) throws(StoreError) {
        try database.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(.blob(key)).run()
    }

    /// Deletes every expired or idle session; returns how many.
    @discardableResult
    public func deleteExpiredSessions() throws(StoreError) -> Int {
        let now = clock.now()
        try database.prepare("DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?")
            .bind(.integer(now), .integer(now - sessionPolicy.idleTimeout)).run()
        return database.changes
    }

    /// The number of sessions of an account (for tests and administration).
    public func sessionCount(accountID: Int64) throws(StoreError) -> Int {
        let statement = try database.prepare("SELECT count(*) FROM sessions WHERE account_id = ?")
        defer { statement.reset() }
        _ = try statement.bind(.integer(accountID)).step()
        return Int(statement.integer(0))
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
