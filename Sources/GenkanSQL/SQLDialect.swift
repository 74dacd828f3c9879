/// The SQL a database speaks, where engines differ. Statements are written once for every
/// engine; the few that cannot be (an upsert that also returns the old row, a catalog query, a
/// lock) and the DDL words that differ ask the dialect.
package enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    case sqlite
    case postgresql

    /// Whether a failed statement fails the whole transaction it runs in (PostgreSQL), rather
    /// than being undone alone while the transaction goes on (SQLite). Statements whose failure
    /// the operations catch and carry on from then run in a savepoint of their own
    /// (`SQLStore.atomic`).
    package var failedStatementEndsTransaction: Bool { self == .postgresql }
}
