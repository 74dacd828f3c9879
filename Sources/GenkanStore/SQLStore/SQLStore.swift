import GenkanSQL

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
    /// Set by whoever opened the store: what `Schema.migrate` did, or the version found.
    var migrationReport = MigrationReport(fromVersion: 0, toVersion: 0)

    init(connection: any SQLConnection) {
        self.connection = connection
        dialect = connection.dialect
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
        try Schema.version(self)
    }

    // MARK: Statements

    // The helpers below are generic over the value read only, and are methods of this class rather
    // than of the connection protocol: called on a connection of unknown type, a generic function
    // (and the closure it hands the driver) is not specialized, and looked `Optional<T>` and
    // `Array<T>` up at run time on every read, two metadata look-ups an `accounts:lookup` paid.

    /// Runs a statement that returns no rows (or whose rows nobody reads).
    ///
    /// - Returns: how many rows it inserted, changed or deleted.
    @discardableResult
    func changes(_ sql: String, _ values: StoreValue...) throws(StoreError) -> Int {
        try connection.run(sql, values) { _ in true }
    }

    /// The first row of `sql` with `values` for its parameters, read by `read`; nil when there is none.
    func firstRow<T>(_ sql: String, _ values: StoreValue..., read: (any SQLRow) -> T) throws(StoreError) -> T? {
        var found: T?
        try connection.run(sql, values) { row in
            found = read(row)
            return false
        }
        return found
    }

    /// Every row of `sql` with `values` for its parameters, each read by `read`.
    func allRows<T>(_ sql: String, _ values: StoreValue..., read: (any SQLRow) -> T) throws(StoreError) -> [T] {
        var rows: [T] = []
        try connection.run(sql, values) { row in
            rows.append(read(row))
            return true
        }
        return rows
    }

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
