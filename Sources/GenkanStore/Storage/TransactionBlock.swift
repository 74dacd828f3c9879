/// A transaction nested in another, as both stores run one: its writes are undone alone when its
/// body throws, and they commit or roll back with the enclosing transaction.
enum Savepoint {
    /// Runs `body` in the savepoint `genkan_<depth>` (`depth`: how many are open, this one included),
    /// each statement through `execute`.
    static func run<T>(
        depth: Int, execute: (String) throws(StoreError) -> Void, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let name = "genkan_\(depth)"
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute("RELEASE \(name)")
            return result
        } catch {
            // ROLLBACK TO undoes the savepoint's writes (and, on PostgreSQL, clears a failed
            // statement) but keeps it open; RELEASE then closes it.
            try? execute("ROLLBACK TO \(name); RELEASE \(name)")
            throw error
        }
    }
}
