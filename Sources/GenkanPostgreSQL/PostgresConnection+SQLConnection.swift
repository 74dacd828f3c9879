import GenkanErrorCodes
import GenkanSQL

/// A PostgreSQL connection as the one SQL implementation of the storage sees it.
extension PostgresConnection {
    var dialect: SQLDialect { .postgresql }

    var location: String { "PostgreSQL at \(target)" }

    func run(_ sql: String, _ values: [StoreValue], row: (any SQLRow) -> Bool) throws(StoreError) -> Int {
        let result = try query(sql, values)
        for index in 0..<Int32(result.count) {
            if !row(PostgresRow(result: result, index: index)) { return 0 }
        }
        return result.changes
    }

    func runScript(_ sql: String) throws(StoreError) {
        try execute(sql)
    }

    /// Through a cursor, `rowsPerFetch` rows at a time, so a large table is never in memory
    /// whole; BINARY, so the rows arrive as every other result does (binary columns) although
    /// FETCH goes through the simple query protocol. A cursor lives in a transaction.
    func stream(_ sql: String, _ body: (any SQLRow) throws(StoreError) -> Void) throws(StoreError) {
        try execute("DECLARE genkan_stream BINARY NO SCROLL CURSOR FOR \(sql)")
        while true {
            let batch = try execute("FETCH \(Self.rowsPerFetch) FROM genkan_stream")
            for index in 0..<Int32(batch.count) { try body(PostgresRow(result: batch, index: index)) }
            if batch.count < Self.rowsPerFetch { break }
        }
        try execute("CLOSE genkan_stream")
    }

    static let rowsPerFetch = 500

    func transaction<T>(_ kind: SQLTransaction, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        switch kind {
        case .write: try transaction(body)
        case .quick: try transaction(quick: true, body)
        case .migration, .bulk: try transaction(isolation: .readCommitted, body)
        case .snapshot: try transaction(isolation: .repeatableReadOnly, body)
        }
    }

    /// Statement by statement: a transaction would add two round trips to the server.
    func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try body()
    }
}
