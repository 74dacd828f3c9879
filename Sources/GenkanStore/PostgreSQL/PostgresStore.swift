/// `Storage` on a PostgreSQL database through libpq: several servers acting as one site. The only
/// place SQL text for PostgreSQL lives (with `PostgresSchema`).
///
/// One `PostgresStore` is one connection: use it from one thread at a time, and open one per
/// thread. Opening creates and migrates the schema (under an advisory lock, so servers starting at
/// once are safe). Transactions are SERIALIZABLE and run again after a conflict
/// (`PostgresConnection.transaction`).
public final class PostgresStore: Storage {
    let connection: PostgresConnection
    public let migrationReport: MigrationReport

    /// Connects to the database `url` names (`postgresql://user[:password]@host[:port]/dbname
    /// [?sslmode=…]`, libpq's URL) and migrates it.
    ///
    /// - Parameter migrationLog: receives each line of the migration report; standard error when nil.
    /// - Throws: `StoreError.Code.database` when the server cannot be reached ("cannot connect to
    ///   PostgreSQL at host:port/db: …"), `.schemaTooNew` for a database of a newer Genkan (left
    ///   untouched).
    public init(url: String, options: PostgresOptions = .standard, migrationLog: ((String) -> Void)? = nil) throws(StoreError) {
        connection = try PostgresConnection(url: url, options: options)
        migrationReport = try PostgresSchema.migrate(connection)
        migrationReport.lines.forEach(migrationLog ?? StandardError.write)
    }

    /// Connects to the database as it is: nothing is created or migrated (`genkan db check`, the
    /// source of `genkan db copy`).
    init(existingURL url: String, options: PostgresOptions = .standard) throws(StoreError) {
        connection = try PostgresConnection(url: url, options: options)
        let version = try PostgresSchema.version(connection)
        migrationReport = MigrationReport(fromVersion: version, toVersion: version)
    }

    public func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(body)
    }

    public func quickTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(quick: true, body)
    }

    public func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try body()
    }

    public var isInTransaction: Bool { connection.isInTransaction }

    public func schemaVersion() throws(StoreError) -> Int64 {
        try PostgresSchema.version(connection)
    }

    // MARK: Running statements

    /// The rows of `sql` with `values` for its parameters.
    func rows(_ sql: String, _ values: StoreValue...) throws(StoreError) -> PostgresResult {
        try connection.query(sql, values)
    }

    /// Runs `sql` and returns how many rows it inserted, changed or deleted.
    @discardableResult
    func changes(_ sql: String, _ values: StoreValue...) throws(StoreError) -> Int {
        try connection.query(sql, values).changes
    }

    /// Runs `sql`, whose constraint failure the operations catch and carry on from (a new
    /// account, an address change, a linked identity, a photo URL), so that its failure undoes it
    /// alone (`PostgresConnection.atomicQuery`). Any other failed statement fails its transaction.
    func atomicRows(_ sql: String, _ values: StoreValue...) throws(StoreError) -> PostgresResult {
        try connection.atomicQuery(sql, values)
    }

    /// The id an `INSERT … RETURNING id` gave the new row.
    func insertedID(_ result: PostgresResult) throws(StoreError) -> Int64 {
        guard let row = result.first else { throw StoreError(.database, "PostgreSQL returned no id for a new row") }
        return row.integer(0)
    }
}
