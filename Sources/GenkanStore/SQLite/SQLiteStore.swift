/// `Storage` on one SQLite file (WAL, `synchronous=FULL`): the embedded default, one machine. The
/// only place SQL text for SQLite lives (with `Schema`).
///
/// One `SQLiteStore` is one connection: use it from one thread at a time, and open one per thread
/// (WAL lets them read while one writes). Opening creates the file (mode 0600) and migrates the
/// schema.
public final class SQLiteStore: Storage {
    let database: SQLiteDatabase
    public let migrationReport: MigrationReport

    /// Opens (creating and migrating if needed) the database at `path`.
    ///
    /// - Parameter migrationLog: receives each line of the migration report (an account whose
    ///   address collided with an older one's); standard error when nil.
    /// - Throws: `StoreError.Code.schemaTooNew` for a file from a newer Genkan (left untouched),
    ///   `.database` when it cannot be opened.
    public init(path: String, migrationLog: ((String) -> Void)? = nil) throws(StoreError) {
        database = try SQLiteDatabase(path: path)
        migrationReport = try Schema.migrate(database)
        migrationReport.lines.forEach(migrationLog ?? StandardError.write)
    }

    /// Opens the existing database at `path` as it is: nothing is created or migrated (`genkan db
    /// check`, the source of `genkan db copy`).
    ///
    /// - Throws: `StoreError.Code.database` when there is no such file.
    init(existingPath path: String) throws(StoreError) {
        database = try SQLiteDatabase(path: path, creating: false)
        let version = try database.scalarInteger("PRAGMA user_version") ?? 0
        migrationReport = MigrationReport(fromVersion: version, toVersion: version)
    }

    public func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try database.transaction(body)
    }

    public func quickTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try database.quickTransaction(body)
    }

    public func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        database.isInTransaction ? try body() : try database.readTransaction(body)
    }

    public var isInTransaction: Bool { database.isInTransaction }

    public func schemaVersion() throws(StoreError) -> Int64 {
        try database.scalarInteger("PRAGMA user_version") ?? 0
    }
}
