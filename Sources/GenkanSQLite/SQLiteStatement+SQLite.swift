private import CSQLite
import GenkanErrorCodes
import GenkanSQL

/// One compiled SQLite statement; the `sqlite3_stmt` handle is finalized in `deinit`.
final class SQLiteStatement: SQLRow {
    fileprivate let handle: OpaquePointer
    private unowned let database: SQLiteDatabase

    init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters in order.
    @discardableResult
    func bind(_ values: [StoreValue]) throws(StoreError) -> SQLiteStatement {
        sqlite3_reset(handle)
        // A parameter left unbound keeps the last value bound to it; NULL is what it should be.
        // Binding every parameter anyway, a statement of many (an import's INSERT of a hundred
        // rows) skips clearing them all first.
        if values.count < sqlite3_bind_parameter_count(handle) { try database.check(sqlite3_clear_bindings(handle)) }
        // SQLITE_TRANSIENT: SQLite copies the value before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .double(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(let text): status = bindText(text, at: index, transient)
            case .blob(let bytes) where bytes.isEmpty:
                // An empty blob, not NULL (which a null pointer would bind).
                status = sqlite3_bind_zeroblob(handle, index, 0)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transient) }
            case .null: status = sqlite3_bind_null(handle, index)
            }
            try database.check(status)
        }
        return self
    }

    /// Binds `text` up to its first NUL (where a C string would end), from the string's own UTF-8
    /// when it is contiguous, rather than a C string copied from it first; "" stays "", never NULL.
    private func bindText(_ text: String, at index: Int32, _ transient: sqlite3_destructor_type) -> Int32 {
        let bound = text.utf8.withContiguousStorageIfAvailable { bytes -> Int32? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            let length = Int32(bytes.firstIndex(of: 0) ?? bytes.count)
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { sqlite3_bind_text(handle, index, $0, length, transient) }
        }
        return (bound ?? nil) ?? sqlite3_bind_text(handle, index, text, -1, transient)
    }

    /// Advances to the next row; false when there are no more.
    func step() throws(StoreError) -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.failure(status, database.lastMessage)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(StoreError) {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Ends the current use of the statement, releasing its read snapshot (a statement left on a
    /// row keeps a WAL read transaction open).
    func reset() {
        sqlite3_reset(handle)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func optionalInteger(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

extension SQLiteStatement {
    /// A column of the current row as the type SQLite stored it (STRICT tables store the declared
    /// type).
    func value(_ column: Int32) -> StoreValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(integer(column))
        case SQLITE_FLOAT: .double(double(column))
        case SQLITE_TEXT: .text(text(column))
        case SQLITE_BLOB: .blob(blob(column))
        default: .null
        }
    }
}
