import GenkanSQL
import Testing

/// The key connections keep prepared statements under: equal texts are one key whatever their
/// storage, and texts that differ anywhere, even only in the middle that the fingerprint skips,
/// are different keys.
@Suite struct StatementKeyTests {
    @Test func equalTextsAreOneKeyAndOthersAreNot() {
        let columns = String(repeating: "column, ", count: 20)
        let texts = [
            "", "?", "BEGIN", "COMMIT", "SELECT 1", "SELECT 12345678", "SELECT \(columns)a FROM t WHERE id = ?",
            "SELECT \(columns)b FROM t WHERE id = ?", "SELECT \(columns)a FROM t WHERE id = ?1", "SELECT \(columns)a FROM u WHERE id = ?",
            // The same length, head and tail: only the middle differs.
            "SELECT \(columns)middle, \(columns)a FROM t WHERE id = ?", "SELECT \(columns)muddle, \(columns)a FROM t WHERE id = ?",
        ]
        var table: [StatementKey: Int] = [:]
        for (index, text) in texts.enumerated() { table[StatementKey(text)] = index }
        #expect(table.count == texts.count)
        for (index, text) in texts.enumerated() {
            // A copy with storage of its own, as an interpolated statement has on every call.
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(table[StatementKey(copy)] == index, "\(text)")
            #expect(StatementKey(copy) == StatementKey(text) && StatementKey(copy).hashValue == StatementKey(text).hashValue)
        }
    }
}
