/// A statement's SQL text as the key of a connection's prepared statements.
///
/// The texts are long and few, and hashing a whole one on every use took 1.4 % of an
/// `accounts:lookup`'s CPU, so a key is known by a fingerprint of its length and its first and
/// last 32 bytes, computed once per look-up: the table hashes the fingerprint, and equality
/// compares it before the texts. A look-up that meets other statements on its way through the
/// table then tells them apart by a number instead of comparing two long texts that begin alike
/// (`SELECT id, email, display_name, …`); only the statement found is compared whole (at once
/// when both are the same literal).
///
/// Inlinable, with its fingerprint: the drivers' modules look statements up on every request.
package struct StatementKey: Hashable {
    package let sql: String
    @usableFromInline let fingerprint: UInt64

    @inlinable
    package init(_ sql: String) {
        self.sql = sql
        var sql = sql
        fingerprint = sql.withUTF8(Self.fingerprint)
    }

    @inlinable
    package static func == (left: StatementKey, right: StatementKey) -> Bool {
        left.fingerprint == right.fingerprint && left.sql == right.sql
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// The length and the first and last 32 bytes (fewer for a short text), eight at a time,
    /// each mixed in by a rotation and a multiply (FxHash's step): cheap, and for a table of a
    /// hundred statements as good as a cryptographic hash, which `Hasher` applies to the result.
    @inlinable
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        func mix(_ word: UInt64) {
            hash = (((hash << 5) | (hash >> 59)) ^ word) &* 0x517C_C1B7_2722_0A95
        }
        func mix(_ range: Range<Int>) {
            var index = range.lowerBound
            while index + 8 <= range.upperBound {
                mix(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            guard index < range.upperBound else { return }
            var word: UInt64 = 0
            for (offset, byte) in bytes[index..<range.upperBound].enumerated() { word |= UInt64(byte) << (8 * offset) }
            mix(word)
        }
        let head = min(32, bytes.count)
        mix(0..<head)
        mix(max(head, bytes.count - 32)..<bytes.count)
        return hash
    }
}
