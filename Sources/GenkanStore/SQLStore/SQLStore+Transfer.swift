import GenkanSQL

extension SQLStore: TableTransfer {
    func snapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(.snapshot, body)
    }

    func tableNames() throws(StoreError) -> [String] {
        try allRows(dialect.tableNames) { $0.text(0) }
    }

    func columns(of table: String) throws(StoreError) -> [String] {
        try allRows(dialect.columnNames, .text(table)) { $0.text(0) }
    }

    func rowCount(of table: String) throws(StoreError) -> Int {
        Int(try firstRow("SELECT count(*) FROM \(Self.quoted(table))") { $0.integer(0) } ?? 0)
    }

    func forEachRow(of table: String, columns: [String], _ body: ([StoreValue]) throws(StoreError) -> Void) throws(StoreError) {
        try connection.stream("SELECT \(columns.map(Self.quoted).joined(separator: ", ")) FROM \(Self.quoted(table))") {
            (row) throws(StoreError) in
            try body((0..<Int32(columns.count)).map { row.value($0) })
        }
    }

    func insertRow(into table: String, columns: [String], _ values: [StoreValue]) throws(StoreError) {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try connection.run(
            """
            INSERT INTO \(Self.quoted(table)) (\(columns.map(Self.quoted).joined(separator: ", "))) \
            \(dialect.keepingGivenIDs)VALUES (\(placeholders))
            """, values
        ) { _ in true }
    }

    func idHighWater(of table: String) throws(StoreError) -> Int64? {
        guard try columns(of: table).contains("id") else { return nil }
        let given = try firstRow(dialect.idSequenceValue, .text(table)) { $0.integer(0) } ?? 0
        let highest = try firstRow("SELECT coalesce(max(id), 0) FROM \(Self.quoted(table))") { $0.integer(0) } ?? 0
        return max(given, highest)
    }

    func setIDHighWater(of table: String, _ value: Int64) throws(StoreError) {
        guard value > 0 else { return }
        let moved = try connection.run(dialect.raiseIDSequence, [.text(table), .integer(value)]) { _ in true }
        if moved == 0, let insert = dialect.insertIDSequence { try changes(insert, .text(table), .integer(value)) }
    }
}
