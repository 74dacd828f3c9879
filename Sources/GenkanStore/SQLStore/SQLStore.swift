/// `Storage` over one SQL connection, whatever the driver (`SQLConnection`): every row method
/// and its statement written once, with `?` parameters; the few statements that differ between
/// engines ask the dialect (`SQLDialect+Statements.swift`). With `Schema`, the only place SQL
/// text for Genkan's tables lives.
///
/// One `SQLStore` is one connection: use it from one thread at a time, and open one per thread
/// (`StoreLocation.open`).
final class SQLStore: Storage {
    let connection: any SQLConnection
    /// The connection's, kept: read by every statement that differs between engines.
    let dialect: SQLDialect
    let migrationReport: MigrationReport

    init(connection: any SQLConnection, migrationReport: MigrationReport) {
        self.connection = connection
        dialect = connection.dialect
        self.migrationReport = migrationReport
    }

    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(.write, body)
    }

    func quickTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(.quick, body)
    }

    func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.reading(body)
    }

    var isInTransaction: Bool { connection.isInTransaction }

    func schemaVersion() throws(StoreError) -> Int64 {
        try Schema.version(connection)
    }

    // MARK: Statements

    /// Runs `body`, a statement whose constraint failure the operations catch and carry on from
    /// (a new account, an address change, a linked identity, a photo URL), so that its failure
    /// undoes it alone, as SQLite undoes a failed statement: where a failed statement would end
    /// the whole transaction (PostgreSQL), in a savepoint of its own (two more round trips). Any
    /// other failed statement fails its transaction, and a COMMIT after it is refused.
    @discardableResult
    func atomic<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard dialect.failedStatementEndsTransaction, connection.isInTransaction else { return try body() }
        return try connection.transaction(.write, body)
    }

    /// Runs an `INSERT … RETURNING id` and returns the id the new row got.
    func insertedID(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> Int64 {
        var id: Int64?
        try connection.run(sql, values) { row in
            id = row.integer(0)
            return true
        }
        guard let id else { throw StoreError(.database, "\(connection.location) returned no id for a new row") }
        return id
    }
}
