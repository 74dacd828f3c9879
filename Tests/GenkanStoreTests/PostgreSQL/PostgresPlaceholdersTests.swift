import Testing
@testable import GenkanStore
@testable import GenkanPostgreSQL

/// Statements are written with SQLite's `?` and `?N`; PostgreSQL gets `$1…$N` numbered as SQLite
/// numbers them (lang_expr.html, "Parameters": a bare `?` is one more than the largest number so
/// far), and nothing inside a literal, a quoted name or a comment is touched.
@Suite struct PostgresPlaceholdersTests {
    @Test(arguments: [
        ("SELECT 1", "SELECT 1"),
        ("UPDATE t SET a = ? WHERE b = ?", "UPDATE t SET a = $1 WHERE b = $2"),
        ("DELETE FROM t WHERE a = ?1 AND b IN (SELECT b FROM t WHERE a = ?1 LIMIT ?2)",
         "DELETE FROM t WHERE a = $1 AND b IN (SELECT b FROM t WHERE a = $1 LIMIT $2)"),
        ("a = ? AND b = ?1 AND c = ?", "a = $1 AND b = $1 AND c = $2"),
        ("a = ?3 AND b = ?", "a = $3 AND b = $4"),
        ("a = ?12,?", "a = $12,$13"),
        ("SELECT '?', 'it''s ?', \"odd?name\" FROM t WHERE x = ?", "SELECT '?', 'it''s ?', \"odd?name\" FROM t WHERE x = $1"),
        ("SELECT ? -- why?\n, ? /* what? */ , ?", "SELECT $1 -- why?\n, $2 /* what? */ , $3"),
        ("SELECT a - ?, b / ?", "SELECT a - $1, b / $2"),
        ("SELECT '日本?' || ?", "SELECT '日本?' || $1"),
        ("SELECT $1", "SELECT $1"),
    ])
    func numbersLikeSQLite(written: String, numbered: String) {
        #expect(PostgresPlaceholders.numbered(written) == numbered)
    }
}
