/// A statement's SQL text as the key of a connection's prepared statements, hashed by its length
/// and its first and last 32 bytes only. The texts are long and few, and hashing a whole one on
/// every use took 1.4 % of an `accounts:lookup`'s CPU; equality still compares the whole text (at
/// once when both are the same literal).
struct StatementKey: Hashable {
    let sql: String

    init(_ sql: String) {
        self.sql = sql
    }

    func hash(into hasher: inout Hasher) {
        func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(32))))
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(32))))
        }
        if sql.utf8.withContiguousStorageIfAvailable(combine) == nil { Array(sql.utf8).withUnsafeBufferPointer(combine) }
    }
}
