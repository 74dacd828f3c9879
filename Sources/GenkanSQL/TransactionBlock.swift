import GenkanErrorCodes

/// A body run between the statements that open and close a transaction or a savepoint, as both
/// stores run them: committed when it returns, undone when it throws.
package enum TransactionBlock {
    /// Runs `begin`, then `body`; then `commit` when it returned, the `rollback` statements when it
    /// threw. Each is one statement, passed to `execute` alone, so a driver may keep it compiled:
    /// its text, or any value that names it (SQLite's held transaction statements).
    ///
    /// Inlinable: every transaction of every request runs it, from the drivers' modules.
    @inlinable
    package static func run<Statement, T>(
        begin: Statement, commit: Statement, rollback: [Statement], execute: (Statement) throws(StoreError) -> Void,
        _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute(commit)
            return result
        } catch {
            for statement in rollback { try? execute(statement) }
            throw error
        }
    }

    /// Runs `body` in the savepoint `genkan_<depth>` (`depth`: how many are open, this one
    /// included): a transaction nested in another, whose writes are undone alone when its body
    /// throws and commit or roll back with the enclosing transaction.
    package static func savepoint<T>(
        depth: Int, execute: (String) throws(StoreError) -> Void, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let name = "genkan_\(depth)"
        // ROLLBACK TO undoes the savepoint's writes (and, on PostgreSQL, clears a failed
        // statement) but keeps it open; RELEASE then closes it.
        return try run(
            begin: "SAVEPOINT \(name)", commit: "RELEASE \(name)", rollback: ["ROLLBACK TO \(name)", "RELEASE \(name)"],
            execute: execute, body)
    }
}
