/// Accounts, sessions, one-time codes, the mail outbox and server secrets, over any `Storage`:
/// what the account operations need from storage, with the rules that are the same whatever holds
/// the rows (expiry, revocation, code purposes, limit arithmetic, token hashing).
///
/// One `AccountStore` is one connection of its storage: use it from one thread at a time, and
/// open one per thread.
public final class AccountStore {
    let storage: any Storage
    public let clock: StoreClock
    public let sessionPolicy: SessionPolicy
    public let codePolicy: ActionCodePolicy

    /// What opening the database migrated (`fromVersion == toVersion` when nothing).
    public var migrationReport: MigrationReport { storage.migrationReport }

    /// Whether every code issued is also recorded in clear for the Firebase Auth emulator's list
    /// (`emulatorCodes()`): for a development server in emulator mode only, since a copy of the
    /// database then holds usable codes.
    public var recordsCodes = false

    /// Whether a message was queued since the last `takeQueuedMail()`: whoever runs the store's
    /// jobs wakes the outbox's sender after each job that queued one, so no operation has to.
    var queuedMail = false

    /// Whether a message was queued since the last call (possibly in a transaction that rolled
    /// back: waking the sender for nothing costs one look at the outbox).
    func takeQueuedMail() -> Bool {
        defer { queuedMail = false }
        return queuedMail
    }

    /// Where the request the store is working for came from, for the events its operations record
    /// (`record`): set by whoever runs a job for a request before the operation, and reset after
    /// it, so that no event is ever dated from another request's client.
    var origin = EventOrigin.unknown

    /// The receivers every recorded event is queued for (`--webhook URL`), in the event's
    /// transaction.
    public var webhookURLs: [String] = []

    /// Whether a webhook was queued since the last `takeQueuedWebhooks()`, as `queuedMail` is.
    var queuedWebhooks = false

    /// Whether a webhook was queued since the last call (possibly in a transaction that rolled
    /// back).
    func takeQueuedWebhooks() -> Bool {
        defer { queuedWebhooks = false }
        return queuedWebhooks
    }

    public init(
        storage: any Storage, clock: StoreClock = .system, sessionPolicy: SessionPolicy = .standard,
        codePolicy: ActionCodePolicy = .standard
    ) {
        self.storage = storage
        self.clock = clock
        self.sessionPolicy = sessionPolicy
        self.codePolicy = codePolicy
    }

    /// Opens (creating and migrating if needed) the store at `location`.
    ///
    /// - Parameters:
    ///   - postgres: how a PostgreSQL connection behaves (its statement timeout).
    ///   - migrationLog: receives each line of the migration report; standard error when nil.
    public convenience init(
        location: StoreLocation, clock: StoreClock = .system, sessionPolicy: SessionPolicy = .standard,
        codePolicy: ActionCodePolicy = .standard, postgres: PostgresOptions = .standard, migrationLog: ((String) -> Void)? = nil
    ) throws(StoreError) {
        self.init(
            storage: try location.open(migrationLog: migrationLog, postgres: postgres), clock: clock, sessionPolicy: sessionPolicy,
            codePolicy: codePolicy)
    }

    /// Opens the database at `location` as it is, creating and migrating nothing, for the
    /// operators' commands (`genkan admin`, `genkan events export`): a mistyped `--db` must not
    /// leave a new file behind, and a database at another schema version is not written.
    ///
    /// - Throws: `StoreError.Code.database` when it cannot be opened or is at another schema
    ///   version than this Genkan's (the detail names both).
    public convenience init(existing location: StoreLocation, clock: StoreClock = .system) throws(StoreError) {
        let storage = try location.openExisting()
        let version = try storage.schemaVersion()
        guard version == Schema.currentVersion else {
            throw StoreError(.database, "schema version \(version), not this Genkan's \(Schema.currentVersion)")
        }
        self.init(storage: storage, clock: clock)
    }

    /// Opens (creating and migrating if needed) the SQLite file at `path`.
    public convenience init(
        path: String, clock: StoreClock = .system, sessionPolicy: SessionPolicy = .standard,
        codePolicy: ActionCodePolicy = .standard, migrationLog: ((String) -> Void)? = nil
    ) throws(StoreError) {
        try self.init(
            location: .sqlite(path: path), clock: clock, sessionPolicy: sessionPolicy, codePolicy: codePolicy,
            migrationLog: migrationLog)
    }

    /// The schema version of the open database.
    public func schemaVersion() throws(StoreError) -> Int64 {
        try storage.schemaVersion()
    }

    // MARK: Transactions

    /// Runs `body` in one transaction (a nested one inside another), so that what it writes through
    /// this store commits together or not at all.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try storage.transaction(body)
    }

    /// Runs `body` in a transaction whose commit does not wait for the disk (`Storage.quickTransaction`):
    /// a power loss right after may lose it whole, never part of it. For writes that cost less to
    /// lose than a disk flush costs every time (a refresh token, limit buckets).
    func withoutWaitingForDisk<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try storage.quickTransaction(body)
    }

    // MARK: Secrets

    /// The server secret called `name`, created with `length` random bytes on first use; the same
    /// value for every connection, every server on the database and after restarts.
    ///
    /// - Throws: `StoreError.Code.database` when the stored secret has another length: a key of
    ///   the wrong size must stop the start, not weaken what it protects.
    public func secret(named name: String, length: Int = 32) throws(StoreError) -> [UInt8] {
        var stored = try storage.secret(named: name)
        if stored == nil { stored = try storage.insertSecret(named: name, Secret.randomBytes(length)) }
        guard let value = stored else { throw StoreError(.database, "the secret '\(name)' could not be stored") }
        guard value.count == length else {
            throw StoreError(
                .database, "the stored secret '\(name)' has \(value.count) bytes where \(length) are needed; restore it or delete its row")
        }
        return value
    }
}
