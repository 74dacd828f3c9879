import GenkanErrorCodes
import GenkanSQL

/// Transactions on a PostgreSQL connection, with the semantics `Storage.transaction` promises and
/// `SQLiteDatabase` gives.
///
/// SQLite serializes writers (`BEGIN IMMEDIATE`), so a read-decide-write operation (an address
/// still free, a code still unused, a limit not yet spent) decides on what no one else can change
/// before it commits. PostgreSQL gives the same guarantee without one global lock through
/// SERIALIZABLE isolation (serializable snapshot isolation, transaction-iso.html §13.2.3): a
/// transaction that would have read something another one changed fails with SQLSTATE 40001 and
/// is run again here from the start, so the operations keep their one rule for every store and
/// no primitive needs to know which reads need a row lock. A transaction body may therefore run
/// more than once; Genkan's bodies only read, write and build values (mails, tokens).
extension PostgresConnection {
    /// How a transaction reads what others commit while it runs.
    enum Isolation: String {
        /// Every transaction of Genkan's operations.
        case serializable = "SERIALIZABLE"
        /// Each statement sees what was committed before it: for the schema migration, which
        /// waits for an advisory lock and must then see what the previous holder committed.
        case readCommitted = "READ COMMITTED"
        /// One snapshot for the whole transaction, reading only: a consistent copy of the
        /// database (`genkan db copy`) that never conflicts with the writers.
        case repeatableReadOnly = "REPEATABLE READ READ ONLY"
    }

    /// Runs `body` in a transaction, committing if it returns and rolling back if it throws, and
    /// running it again (up to `options.serializationAttempts` times) when PostgreSQL reports a
    /// serialization failure or a deadlock anywhere in it, even one the body caught.
    ///
    /// Inside another transaction, `body` runs in a savepoint: its writes are undone alone when it
    /// throws, and commit or roll back with the enclosing transaction (which is the one run again
    /// after a conflict).
    ///
    /// - Parameter quick: the commit does not wait for the WAL flush (`synchronous_commit = off`
    ///   for this transaction only): a crash of the server may lose it whole, never half of it.
    func transaction<T>(
        quick: Bool = false, isolation: Isolation = .serializable, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        if transactionDepth > 0 { return try savepoint(body) }
        var attempt = 1
        while true {
            serializationFailed = false
            // The first statement also reopens a lost connection, then BEGIN in one round trip.
            try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)\(quick ? "; SET LOCAL synchronous_commit = off" : "")")
            transactionDepth = 1
            let outcome: Result<T, StoreError>
            do {
                outcome = .success(try body())
            } catch {
                outcome = .failure(error)
            }
            let error: StoreError
            switch outcome {
            case .success(let value) where !serializationFailed:
                do {
                    try commit()
                    return value
                } catch let failed {
                    error = failed
                }
            case .success:
                error = StoreError(.database, "a transaction on PostgreSQL lost a serialization conflict")
            case .failure(let failed):
                error = failed
            }
            transactionDepth = 0
            // A connection given up at its deadline is reset by the next statement, which ends
            // the transaction on the server; a ROLLBACK now would wait for that reconnection.
            if serverHasTransaction && !lost { _ = try? execute("ROLLBACK") }
            guard serializationFailed, attempt < options.serializationAttempts else { throw error }
            Self.backOff(attempt)
            attempt += 1
        }
    }

    /// Commits the open transaction; a COMMIT that the server turned into a rollback (an earlier
    /// statement failed and the body went on) is a failure, never a silent loss.
    private func commit() throws(StoreError) {
        defer { transactionDepth = 0 }
        let result = try execute("COMMIT")
        if result.commandStatus != "COMMIT" {
            throw StoreError(.database, "PostgreSQL rolled the transaction back at COMMIT (\(result.commandStatus))")
        }
    }

    private func savepoint<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        return try TransactionBlock.savepoint(depth: transactionDepth, execute: { (sql) throws(StoreError) in _ = try execute(sql) }, body)
    }

    var isInTransaction: Bool { transactionDepth > 0 }
}
