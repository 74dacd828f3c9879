import GenkanSQL

/// Whole tables read and written as rows of values, for moving a site from one store to another
/// (`StoreCopy`). Not part of `Storage`: the operations never see it. The tables are those of the
/// current schema, which has the same tables and columns on every store.
protocol TableTransfer: AnyObject {
    /// Runs `body` on one snapshot of the database, which writers on other connections neither
    /// wait for nor change, and which never has to run again (a read-only transaction).
    func snapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// The tables the database holds (the schema's bookkeeping left out: `genkan_schema`,
    /// `sqlite_sequence`).
    func tableNames() throws(StoreError) -> [String]

    /// The table's columns in their order.
    func columns(of table: String) throws(StoreError) -> [String]

    func rowCount(of table: String) throws(StoreError) -> Int

    /// Calls `body` with every row of `table`, its `columns` in that order.
    func forEachRow(of table: String, columns: [String], _ body: ([StoreValue]) throws(StoreError) -> Void) throws(StoreError)

    /// Inserts a row as it is, ids included.
    func insertRow(into table: String, columns: [String], _ values: [StoreValue]) throws(StoreError)

    /// The highest id the table's `id` column has ever given (deleted rows included), 0 when none;
    /// nil for a table without one.
    func idHighWater(of table: String) throws(StoreError) -> Int64?

    /// Makes the table's next id come after `value`.
    func setIDHighWater(of table: String, _ value: Int64) throws(StoreError)
}

extension TableTransfer {
    /// A table or column name as an SQL identifier, double-quoted as both SQLite and PostgreSQL read
    /// it (names come from the schema, never from input).
    static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}
