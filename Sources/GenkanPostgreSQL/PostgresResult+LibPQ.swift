private import CLibPQ
import GenkanErrorCodes
import GenkanSQL

/// The rows (or the count of changed rows) of one PostgreSQL statement; the `PGresult` is owned
/// here and freed (`PQclear`) in `deinit`. Every column arrives in binary format.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// How many rows the statement returned.
    var count: Int { Int(PQntuples(handle)) }

    /// How many rows an INSERT, UPDATE or DELETE touched (`PQcmdTuples`; 0 for other statements).
    var changes: Int {
        guard var digit = PQcmdTuples(handle) else { return 0 }
        var count = 0
        while digit.pointee >= 0x30 && digit.pointee <= 0x39 {
            count = count * 10 + Int(digit.pointee - 0x30)
            digit += 1
        }
        return count
    }

    /// The command tag, such as `COMMIT` (or `ROLLBACK` for a COMMIT of a failed transaction).
    var commandStatus: String {
        PQcmdStatus(handle).map { String(cString: $0) } ?? ""
    }

    /// The rows, in order.
    var rows: [PostgresRow] { (0..<Int32(count)).map { PostgresRow(result: self, index: $0) } }

    /// The first row, if any.
    var first: PostgresRow? { count > 0 ? PostgresRow(result: self, index: 0) : nil }

    /// The type of a column (`pg_type.oid`).
    func type(_ column: Int32) -> UInt32 {
        PQftype(handle, column)
    }

    func isNull(_ row: Int32, _ column: Int32) -> Bool {
        PQgetisnull(handle, row, column) != 0
    }

    /// The bytes of a value (empty for NULL).
    func bytes(_ row: Int32, _ column: Int32) -> UnsafeRawBufferPointer {
        let count = Int(PQgetlength(handle, row, column))
        guard count > 0, let pointer = PQgetvalue(handle, row, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: pointer, count: count)
    }
}

/// One row of a `PostgresResult`, read by column number like `SQLiteStatement`'s columns.
struct PostgresRow: SQLRow {
    let result: PostgresResult
    let index: Int32

    /// An integer column (bigint, integer or smallint, big-endian); 0 for NULL.
    func integer(_ column: Int32) -> Int64 {
        let bytes = result.bytes(index, column)
        var value: Int64 = 0
        for byte in bytes { value = value << 8 | Int64(byte) }
        // Sign-extend a 4- or 2-byte integer.
        switch bytes.count {
        case 4: return Int64(Int32(truncatingIfNeeded: value))
        case 2: return Int64(Int16(truncatingIfNeeded: value))
        default: return value
        }
    }

    func optionalInteger(_ column: Int32) -> Int64? {
        result.isNull(index, column) ? nil : integer(column)
    }

    /// A double precision column (IEEE 754, big-endian); 0 for NULL.
    func double(_ column: Int32) -> Double {
        let bytes = result.bytes(index, column)
        guard bytes.count == 8 else { return 0 }
        var bits: UInt64 = 0
        for byte in bytes { bits = bits << 8 | UInt64(byte) }
        return Double(bitPattern: bits)
    }

    /// A text column (UTF-8); empty for NULL.
    func text(_ column: Int32) -> String {
        String(decoding: result.bytes(index, column), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? {
        result.isNull(index, column) ? nil : text(column)
    }

    /// A bytea column; empty for NULL.
    func blob(_ column: Int32) -> [UInt8] {
        Array(result.bytes(index, column))
    }

    /// A column as the type the schema gives it: integers (int8, int4, int2, bool), floats
    /// (float8), text (text, varchar, name) and bytea; any other type is read as its bytes.
    func value(_ column: Int32) -> StoreValue {
        guard !result.isNull(index, column) else { return .null }
        switch result.type(column) {
        case 20, 23, 21, 16: return .integer(integer(column))
        case 701: return .double(double(column))
        case 25, 1043, 19: return .text(text(column))
        default: return .blob(blob(column))
        }
    }
}
