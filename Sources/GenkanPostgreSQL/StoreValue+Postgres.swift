import GenkanSQL

/// How a value is bound to a `$n` parameter of a PostgreSQL statement, sent in binary format.
extension StoreValue {
    /// The type the statement declares for the parameter when it is prepared (`pg_type.oid`: int8,
    /// float8, text, bytea); 0 lets the server infer it from the context (a NULL's only choice).
    var typeOID: UInt32 {
        switch self {
        case .integer: 20
        case .double: 701
        case .text: 25
        case .blob: 17
        case .null: 0
        }
    }

    /// Appends the binary form of the value (PostgreSQL's `*send` functions: integers and floats
    /// big-endian, text as UTF-8, bytea as is) and returns its length; nil for NULL.
    func appendBinary(to bytes: inout [UInt8]) -> Int32? {
        switch self {
        case .integer(let number):
            withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
            return 8
        case .double(let number):
            withUnsafeBytes(of: number.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
            return 8
        case .text(let text):
            let utf8 = text.utf8
            bytes.append(contentsOf: utf8)
            return Int32(utf8.count)
        case .blob(let blob):
            bytes.append(contentsOf: blob)
            return Int32(blob.count)
        case .null:
            return nil
        }
    }
}
