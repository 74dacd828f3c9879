/// What "a store" means to Genkan: the rows every account operation reads and writes, and
/// transactions around them. `AccountStore` and the operations in `Operations/` are written against
/// this protocol only; `SQLStore` implements it once for every SQL driver (`StoreLocation.open`)
/// and is, with `Schema`, the only place SQL text exists.
///
/// One value is one connection: use it from one thread at a time and open one per thread. The
/// storage conformance suite (`Tests/GenkanStoreTests/Conformance/`) is the specification: every
/// implementation must pass it.
///
/// Implementations store and find rows; they decide nothing. Expiry, revocation, code purposes and
/// limit arithmetic live in `AccountStore` and the operations, once for every implementation.
public protocol Storage:
    AccountStorage, SessionStorage, RefreshTokenStorage, CodeStorage, LimitStorage, OutboxStorage, SecretStorage,
    IdentityStorage, EmulatorCodeStorage, PasskeyStorage, ImportStorage, EventStorage, SecondFactorStorage
{
    /// Runs `body` in a write transaction, committing if it returns and rolling back if it throws.
    /// Inside another transaction `body` runs as a nested one (a savepoint): its writes are undone
    /// alone when it throws, and commit or roll back with the enclosing transaction.
    ///
    /// A write transaction sees every transaction committed before it began writing; an operation
    /// that reads, decides and writes (an address still free, a code still unused) decides on what
    /// no other connection can change before it commits.
    ///
    /// `body` may run more than once: an implementation may roll a transaction back and run it
    /// again when it lost a conflict with another connection (PostgreSQL's serialization
    /// failures). So a body reads, writes and builds values; it has no other effect.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// A transaction whose commit need not wait for the disk: a crash of the machine may lose it,
    /// never half of it, and the next ordinary commit makes it durable. For writes worth less than
    /// a disk flush (limit buckets, the time of a sign-in). Inside another transaction it is a
    /// nested one, durable as the enclosing one is.
    func quickTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Runs `body`, reads that go together (an account, then its identities), as cheaply as the
    /// database allows: SQLite in one read transaction (one snapshot, and the write-ahead log's
    /// index locked once instead of once a statement: two `fcntl` calls fewer a read); PostgreSQL
    /// statement by statement, since a transaction would add two round trips to the server. So
    /// `body` only reads, and tolerates a commit between its reads.
    func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { get }

    /// The schema version this connection's database is at.
    func schemaVersion() throws(StoreError) -> Int64

    /// What opening the database migrated (`fromVersion == toVersion` when nothing).
    var migrationReport: MigrationReport { get }
}
