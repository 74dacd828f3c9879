import GenkanPostgreSQL
import GenkanSQL
import GenkanSQLite

/// Where a store lives, as `genkan serve --db` names it.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file (created on first use).
    case sqlite(path: String)
    /// A PostgreSQL database, by libpq's URL (`postgresql://user[:password]@host[:port]/dbname[?…]`).
    case postgresql(url: String)

    /// Reads a `--db` value: a `postgresql://` or `postgres://` URL, else an SQLite file path.
    ///
    /// - Throws: `StoreError.Code.database` for an empty value or a URL libpq cannot read.
    public init(parsing value: String) throws(StoreError) {
        guard !value.isEmpty else { throw StoreError(.database, "the database location is empty") }
        if PostgreSQLDriver.isURL(value) {
            try PostgreSQLDriver.validate(url: value)
            self = .postgresql(url: value)
        } else {
            self = .sqlite(path: value)
        }
    }

    /// Opens a connection, creating and migrating the schema if needed.
    ///
    /// - Parameters:
    ///   - migrationLog: receives each line of the migration report (an account whose address
    ///     collided with an older one's); standard error when nil.
    ///   - postgres: how a PostgreSQL connection behaves (its statement timeout); unused for
    ///     SQLite.
    /// - Throws: `StoreError.Code.schemaTooNew` for a database of a newer Genkan (left
    ///   untouched), `.database` when it cannot be opened or reached ("cannot connect to
    ///   PostgreSQL at host:port/db: …").
    func open(migrationLog: ((String) -> Void)? = nil, postgres: PostgresOptions = .standard) throws(StoreError) -> any Storage {
        let store = SQLStore(connection: try connect(creating: true, postgres: postgres))
        store.migrationReport = try Schema.migrate(store)
        store.migrationReport.lines.forEach(migrationLog ?? StandardError.write)
        return store
    }

    /// Opens a connection to the database as it is, creating and migrating nothing: to read its
    /// schema version (`genkan db check`) or copy it (`genkan db copy`).
    ///
    /// - Throws: `StoreError.Code.database` for an SQLite file that does not exist or a server
    ///   that cannot be reached.
    func openExisting() throws(StoreError) -> any Storage {
        let store = SQLStore(connection: try connect(creating: false, postgres: .standard))
        let version = try Schema.version(store)
        store.migrationReport = MigrationReport(fromVersion: version, toVersion: version)
        return store
    }

    /// Creates or migrates the schema as a server's start does, then closes the connection
    /// (`genkan db migrate`). The connections themselves (`open`, `openExisting`) stay inside
    /// GenkanStore: outside it, a database is written only through the accounts core.
    ///
    /// - Returns: what the migration did; its lines went to `migrationLog`.
    public func migrate(migrationLog: ((String) -> Void)? = nil, postgres: PostgresOptions = .standard) throws(StoreError) -> MigrationReport {
        try open(migrationLog: migrationLog, postgres: postgres).migrationReport
    }

    /// The schema version of the database as it is, changing nothing (a missing SQLite file is
    /// not created): `genkan db check`.
    public func schemaVersion() throws(StoreError) -> Int64 {
        try openExisting().schemaVersion()
    }

    /// A connection through the location's driver, the one place that names them: each driver's
    /// types stay inside its module (GenkanSQLite, GenkanPostgreSQL) behind `SQLConnection`.
    private func connect(creating: Bool, postgres: PostgresOptions) throws(StoreError) -> any SQLConnection {
        switch self {
        case .sqlite(let path):
            try SQLiteDriver.connect(path: path, creating: creating)
        case .postgresql(let url):
            try PostgreSQLDriver.connect(
                url: url, statementTimeoutMilliseconds: postgres.statementTimeoutMilliseconds,
                connectTimeoutSeconds: postgres.connectTimeoutSeconds, serializationAttempts: postgres.serializationAttempts)
        }
    }

    /// The schema version this Genkan creates and migrates to (the same for every kind of store:
    /// one list of migrations, and a version names one set of tables).
    public var currentSchemaVersion: Int64 { Schema.currentVersion }

    /// Whether several servers can use the store at once over the network (PostgreSQL), rather
    /// than a file on this machine.
    public var isNetworked: Bool {
        if case .postgresql = self { return true }
        return false
    }

    /// What an operator must hear at start about the connection's security, or nil: a PostgreSQL
    /// server on another machine whose certificate is not verified (`PostgreSQLDriver.unverifiedTLS`).
    public var securityWarning: String? {
        guard case .postgresql(let url) = self else { return nil }
        return PostgreSQLDriver.unverifiedTLS(url: url)
    }

    /// For messages: the file path, or the URL with its password hidden.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgresql(let url): PostgreSQLDriver.redacted(url)
        }
    }
}
