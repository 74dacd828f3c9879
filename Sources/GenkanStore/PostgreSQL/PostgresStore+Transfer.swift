extension PostgresStore: TableTransfer {
    /// REPEATABLE READ: one snapshot for the whole transaction; read only, it never fails with a
    /// serialization conflict, so its body runs once.
    func snapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(isolation: .repeatableReadOnly, body)
    }

    func tableNames() throws(StoreError) -> [String] {
        try rows(
            "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename <> 'genkan_schema' ORDER BY tablename"
        ).rows.map { $0.text(0) }
    }

    func columns(of table: String) throws(StoreError) -> [String] {
        try rows(
            """
            SELECT column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
            """, .text(table)
        ).rows.map { $0.text(0) }
    }

    func rowCount(of table: String) throws(StoreError) -> Int {
        Int(try rows("SELECT count(*) FROM \(Self.quoted(table))").first?.integer(0) ?? 0)
    }

    /// Through a cursor, `rowsPerFetch` rows at a time, so a large table is never in memory
    /// whole; BINARY, so the rows arrive as every other result does (binary columns) although
    /// FETCH goes through the simple query protocol. Inside `snapshot` (a cursor lives in a
    /// transaction).
    func forEachRow(of table: String, columns: [String], _ body: ([StoreValue]) throws(StoreError) -> Void) throws(StoreError) {
        try connection.execute(
            "DECLARE genkan_copy BINARY NO SCROLL CURSOR FOR SELECT \(columns.map(Self.quoted).joined(separator: ", ")) FROM \(Self.quoted(table))")
        while true {
            let batch = try connection.execute("FETCH \(Self.rowsPerFetch) FROM genkan_copy")
            for row in batch.rows {
                try body((0..<Int32(columns.count)).map { row.value($0) })
            }
            if batch.count < Self.rowsPerFetch { break }
        }
        try connection.execute("CLOSE genkan_copy")
    }

    static let rowsPerFetch = 500

    /// `OVERRIDING SYSTEM VALUE`: the ids are copied, not drawn from the identity sequence
    /// (which `setIDHighWater` moves past them afterwards).
    func insertRow(into table: String, columns: [String], _ values: [StoreValue]) throws(StoreError) {
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        _ = try connection.query(
            "INSERT INTO \(Self.quoted(table)) (\(columns.map(Self.quoted).joined(separator: ", "))) OVERRIDING SYSTEM VALUE VALUES (\(placeholders))",
            values)
    }

    /// The identity's sequence remembers the highest id it gave, which a deletion does not lower.
    func idHighWater(of table: String) throws(StoreError) -> Int64? {
        guard try columns(of: table).contains("id") else { return nil }
        let given = try rows("SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0)", .text(table))
        let highest = try rows("SELECT coalesce(max(id), 0) FROM \(Self.quoted(table))")
        return max(given.first?.integer(0) ?? 0, highest.first?.integer(0) ?? 0)
    }

    func setIDHighWater(of table: String, _ value: Int64) throws(StoreError) {
        guard value > 0 else { return }
        _ = try rows(
            """
            SELECT setval(pg_get_serial_sequence($1, 'id'),
                greatest($2, coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0)), true)
            """, .text(table), .integer(value))
    }
}
