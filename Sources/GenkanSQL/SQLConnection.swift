import GenkanErrorCodes

/// One connection to an SQL database, as a driver gives it: statements run with parameters,
/// transactions, and the dialect the database speaks. `SQLStore` writes every row method once
/// against this; a driver (SQLite, PostgreSQL) is one implementation.
///
/// Statements are written once with `?` parameters (`?N` names the Nth value, so a value can be
/// used twice), as SQLite reads them; a driver whose database numbers its parameters
/// (PostgreSQL's `$1…$N`) renumbers a statement when it first prepares it and keeps it prepared.
///
/// A connection is used by one thread at a time; open one per thread.
package protocol SQLConnection: AnyObject {
    /// The SQL the database speaks, for the few statements that differ between engines.
    var dialect: SQLDialect { get }

    /// The database, for messages: a file's path, or `PostgreSQL at host:port/db` (never a
    /// password).
    var location: String { get }

    /// Runs one statement with `values` for its parameters, prepared on first use and kept, and
    /// calls `row` with each row it returns until `row` returns false.
    ///
    /// - Returns: how many rows the statement inserted, changed or deleted (0 for a query, or
    ///   when `row` stopped it early).
    @discardableResult
    func run(_ sql: String, _ values: [StoreValue], row: (any SQLRow) -> Bool) throws(StoreError) -> Int

    /// Runs SQL without parameters, one statement or several, compiled each time: schema changes
    /// and settings, which run once.
    func runScript(_ sql: String) throws(StoreError)

    /// Calls `body` with each row of the query `sql` (no parameters) without holding the whole
    /// result in memory: a table being copied. Inside a transaction.
    func stream(_ sql: String, _ body: (any SQLRow) throws(StoreError) -> Void) throws(StoreError)

    /// Runs `body` in a transaction of `kind`, committing if it returns and rolling back if it
    /// throws; inside another transaction, in a savepoint (its writes undone alone when it throws).
    /// `body` may run more than once (see `Storage.transaction`).
    func transaction<T>(_ kind: SQLTransaction, _ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Runs `body`, reads that go together, as cheaply as the database allows (see
    /// `Storage.reading`).
    func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { get }
}

/// What a transaction is for; each driver maps it to its database's statements.
package enum SQLTransaction: Sendable {
    /// The operations' transactions (`Storage.transaction`): a writer that decides on what no
    /// other connection can change before it commits (SQLite `BEGIN IMMEDIATE`; PostgreSQL
    /// SERIALIZABLE, run again after a serialization conflict).
    case write
    /// A write transaction whose commit need not wait for the disk (`Storage.quickTransaction`).
    case quick
    /// The schema migration: a writer that, having waited for the migration lock, sees what the
    /// previous holder committed (SQLite `BEGIN IMMEDIATE`; PostgreSQL READ COMMITTED).
    case migration
    /// A long write that inserts what it looked up, batch after batch (`genkan users import`):
    /// SQLite `BEGIN IMMEDIATE`, as `write`; PostgreSQL READ COMMITTED. Under SERIALIZABLE, a
    /// server's sign-up and the import touching the same index pages make one of them lose a
    /// serialization conflict, and an import cannot be run again from its middle (only a deadlock
    /// still runs it again, which the import refuses); a uid or address another connection takes
    /// meanwhile fails it on the unique index instead.
    case bulk
    /// One consistent snapshot, read only, that writers neither wait for nor change and that
    /// never has to run again (`genkan db copy`'s source).
    case snapshot
}
