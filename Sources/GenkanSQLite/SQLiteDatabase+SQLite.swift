private import CSQLite
import GenkanErrorCodes
import GenkanSQL

#if canImport(Glibc)
import Glibc
#endif

/// One SQLite connection; the `sqlite3` handle is owned here and closed in `deinit`.
///
/// A connection is used by one thread at a time (SQLite's multi-thread mode); each worker thread
/// opens its own, and WAL lets them read while one writes.
final class SQLiteDatabase: SQLConnection {
    private let handle: OpaquePointer
    let path: String
    /// Compiled statements by SQL text, reused across calls (each use starts with `bind`).
    private var statements: [StatementKey: SQLiteStatement] = [:]
    /// The transaction statements by `Control`, once compiled.
    private var controls = [SQLiteStatement?](repeating: nil, count: Control.allCases.count)
    /// How many savepoints are open inside the current transaction (they are named by depth).
    private var savepointDepth = 0

    /// Opens (creating if needed, unless `creating` is false) the database at `path` in WAL mode
    /// with foreign keys on.
    init(path: String, creating: Bool = true, busyTimeoutMilliseconds: Int32 = 5000) throws(StoreError) {
        _ = Self.configured
        if creating { Self.createPrivately(path) }
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &pointer, flags, nil)
        guard let pointer else { throw StoreError(.database, "cannot open \(path): out of memory") }
        guard status == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(pointer))
            sqlite3_close_v2(pointer)
            throw StoreError(.database, "cannot open \(path): \(message)")
        }
        handle = pointer
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        // WAL: readers never wait for the writer. FULL: a committed sign-up survives power loss.
        let mode = try switchToWAL(waitingUpTo: busyTimeoutMilliseconds)
        guard mode?.lowercased() == "wal" else {
            throw StoreError(.database, "\(path): WAL journal mode unavailable (got \(mode ?? "nothing"))")
        }
        try execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
    }

    /// The process's SQLite settings, made once before its first connection.
    ///
    /// A statement that writes several rows inside a transaction (an import's hundred-row
    /// `INSERT`s, a migration's `UPDATE`) first copies each page it changes to a statement
    /// journal, so that the statement alone can be undone. By default that journal goes to a
    /// temporary file once it passes 64 KiB: an import's random uids and addresses change a
    /// different index page for nearly every row, and 100,000 users wrote 226,000 pages (900 MB)
    /// to such files, more system time than the import's whole WAL. Kept in memory up to 16 MiB,
    /// the import's journals never touch a file; a migration's larger one still spills.
    private static let configured: Void = {
        _ = genkan_sqlite3_statement_journal_spill(16 << 20)
    }()

    /// Sets WAL journal mode and returns the mode SQLite reports. Moving a new file to WAL takes
    /// an exclusive lock, and SQLite answers SQLITE_BUSY at once, without calling the busy
    /// handler, while another connection is opening the same file: so several threads opening a
    /// new database together retry here, within the busy timeout, instead of failing.
    private func switchToWAL(waitingUpTo milliseconds: Int32) throws(StoreError) -> String? {
        var waited: Int32 = 0
        while true {
            do {
                return try scalarText("PRAGMA journal_mode=WAL")
            } catch where sqlite3_errcode(handle) & 0xff == SQLITE_BUSY && waited < milliseconds {
                usleep(10_000)
                waited += 10
            }
        }
    }

    /// Creates the database file with mode 0600 if it does not exist yet: it holds password
    /// hashes and the CSRF key, and SQLite would create it with 0666 less the umask (0644 as a
    /// rule). SQLite gives the `-wal` and `-shm` files it creates the database file's mode. An
    /// empty file is an empty database to SQLite. An existing file keeps its mode; a path SQLite
    /// cannot open is left for `sqlite3_open_v2` to report. `O_EXCL` makes it safe against another
    /// process creating the file at the same moment, unlike changing the process-wide umask.
    private static func createPrivately(_ path: String) {
        guard !path.isEmpty, path != ":memory:" else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    deinit {
        statements.removeAll()  // finalizes them before the connection closes
        controls.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows, compiling them each time: for schema
    /// changes and settings, which run once. Statements run per request go through `perform`.
    func execute(_ sql: String) throws(StoreError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(error)
            throw failure(status, message)
        }
    }

    /// Runs the one statement `sql`, which returns no rows, compiled once and then reused: the
    /// savepoints' statements, which `sqlite3_exec` would parse again every time.
    func perform(_ sql: String) throws(StoreError) {
        try prepare(sql).run()
    }

    /// The statements every transaction runs. They are compiled on first use and held by name
    /// (`perform(_: Control)`), not looked up by text among the others: `sqlite3_exec` parsed
    /// `BEGIN` and `COMMIT` again for every request (a tenth of an account read's CPU), and a
    /// look-up by text still hashed them twice a read.
    enum Control: Int, CaseIterable {
        case begin, beginImmediate, commit, rollback, synchronousNormal, synchronousFull

        var sql: String {
            switch self {
            case .begin: "BEGIN"
            case .beginImmediate: "BEGIN IMMEDIATE"
            case .commit: "COMMIT"
            case .rollback: "ROLLBACK"
            case .synchronousNormal: "PRAGMA synchronous=NORMAL"
            case .synchronousFull: "PRAGMA synchronous=FULL"
            }
        }
    }

    /// Runs a transaction statement, compiled on first use.
    func perform(_ control: Control) throws(StoreError) {
        if let statement = controls[control.rawValue] { return try statement.run() }
        let statement = try compile(control.sql)
        controls[control.rawValue] = statement
        try statement.run()
    }

    /// The compiled statement for `sql`, compiled on first use and then reused. Only its first
    /// statement is compiled: `sql` must hold one.
    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        let key = StatementKey(sql)
        if let cached = statements[key] { return cached }
        let compiled = try compile(sql)
        statements[key] = compiled
        return compiled
    }

    /// `sql` compiled to be kept (`SQLITE_PREPARE_PERSISTENT`).
    private func compile(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw failure(status, lastMessage)
        }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as text.
    func scalarText(_ sql: String) throws(StoreError) -> String? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        return try statement.bind([]).step() ? statement.text(0) : nil
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committing if it returns and
    /// rolling back if it throws.
    ///
    /// Inside another transaction, `body` runs in a savepoint instead: its writes are undone alone
    /// when it throws, and they commit or roll back with the enclosing transaction. So an operation
    /// that needs a transaction of its own (issuing a code) composes into a larger one (sign-up).
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if isInTransaction { return try savepoint(body) }
        return try TransactionBlock.run(
            begin: Control.beginImmediate, commit: .commit, rollback: [.rollback], execute: { (control) throws(StoreError) in try perform(control) },
            body)
    }

    /// Runs `body` in a read transaction (`BEGIN`, deferred): one snapshot of the file (WAL), taken
    /// at the first read, that writers on other connections do not wait for.
    func readTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try perform(.begin)
        defer { try? perform(.commit) }
        return try body()
    }

    /// A transaction whose commit does not wait for the disk: `synchronous=NORMAL` for its
    /// commit (WAL: it survives a crash of the process, not a power loss), then `FULL` again. For
    /// writes worth less than an fsync, such as rate-limit buckets; inside another transaction it
    /// is a savepoint of that one, which commits as that one does.
    func quickTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if isInTransaction { return try savepoint(body) }
        try perform(.synchronousNormal)
        defer { try? perform(.synchronousFull) }
        return try transaction(body)
    }

    private func savepoint<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        return try TransactionBlock.savepoint(depth: savepointDepth, execute: { (sql) throws(StoreError) in try perform(sql) }, body)
    }

    /// Whether a transaction is open on this connection (`sqlite3_get_autocommit` is 0 then).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// How many rows the last completed INSERT, UPDATE or DELETE inserted, changed or deleted.
    var changedRows: Int { Int(sqlite3_changes(handle)) }
    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// The one place a SQLite result code becomes a `StoreError`.
    func failure(_ status: Int32, _ message: String) -> StoreError {
        if status & 0xff == SQLITE_CONSTRAINT {
            return StoreError(.constraint, message)
        }
        return StoreError(.database, "\(path): \(message) (SQLite \(status))")
    }

    /// Checks a result code that must be `SQLITE_OK`.
    func check(_ status: Int32) throws(StoreError) {
        if status != SQLITE_OK { throw failure(status, lastMessage) }
    }
}

extension SQLiteDatabase {
    var dialect: SQLDialect { .sqlite }

    var location: String { path }

    func run(_ sql: String, _ values: [StoreValue], row: (any SQLRow) -> Bool) throws(StoreError) -> Int {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {
            if !row(statement) { return 0 }
        }
        return changedRows
    }

    func runScript(_ sql: String) throws(StoreError) {
        try execute(sql)
    }

    func stream(_ sql: String, _ body: (any SQLRow) throws(StoreError) -> Void) throws(StoreError) {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind([])
        while try statement.step() { try body(statement) }
    }

    func transaction<T>(_ kind: SQLTransaction, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        switch kind {
        case .write, .migration, .bulk: try transaction(body)
        case .quick: try quickTransaction(body)
        case .snapshot: try readTransaction(body)
        }
    }

    /// One read transaction, unless one is open already.
    func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        isInTransaction ? try body() : try readTransaction(body)
    }
}
