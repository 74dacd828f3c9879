extension SQLiteStore: TableTransfer {
    func snapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try database.readTransaction(body)
    }

    func tableNames() throws(StoreError) -> [String] {
        try database.allRows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        ) { $0.text(0) }
    }

    func columns(of table: String) throws(StoreError) -> [String] {
        try database.allRows("SELECT name FROM pragma_table_info(?) ORDER BY cid", .text(table)) { $0.text(0) }
    }

    func rowCount(of table: String) throws(StoreError) -> Int {
        Int(try database.scalarInteger("SELECT count(*) FROM \(Self.quoted(table))") ?? 0)
    }

    func forEachRow(of table: String, columns: [String], _ body: ([StoreValue]) throws(StoreError) -> Void) throws(StoreError) {
        let statement = try database.prepare("SELECT \(columns.map(Self.quoted).joined(separator: ", ")) FROM \(Self.quoted(table))")
        defer { statement.reset() }
        try statement.bind([])
        while try statement.step() {
            try body((0..<Int32(columns.count)).map { statement.value($0) })
        }
    }

    func insertRow(into table: String, columns: [String], _ values: [StoreValue]) throws(StoreError) {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try database.prepare(
            "INSERT INTO \(Self.quoted(table)) (\(columns.map(Self.quoted).joined(separator: ", "))) VALUES (\(placeholders))"
        ).bind(values).run()
    }

    /// AUTOINCREMENT keeps the highest id ever given in `sqlite_sequence`, which a deletion does
    /// not lower.
    func idHighWater(of table: String) throws(StoreError) -> Int64? {
        guard try columns(of: table).contains("id") else { return nil }
        let sequence = try database.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?")
        defer { sequence.reset() }
        let counted = try sequence.bind(.text(table)).step() ? sequence.integer(0) : 0
        return max(counted, try database.scalarInteger("SELECT coalesce(max(id), 0) FROM \(Self.quoted(table))") ?? 0)
    }

    func setIDHighWater(of table: String, _ value: Int64) throws(StoreError) {
        let changed = try database.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?")
            .bind(.integer(value), .text(table)).runCountingChanges()
        if changed == 0 && value > 0 {
            try database.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)").bind(.text(table), .integer(value)).run()
        }
    }
}
