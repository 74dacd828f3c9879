private import CLibPQ
import GenkanErrorCodes
import GenkanSQL

#if canImport(Glibc)
import Glibc
#endif

/// One PostgreSQL connection; the `PGconn` handle is owned here and closed (`PQfinish`) in
/// `deinit`.
///
/// A connection is used by one thread at a time, as a `SQLiteDatabase` is. Statements are
/// prepared once per connection and run with binary parameters and results. Every statement is
/// sent with libpq's asynchronous calls (`PQsendQueryPrepared`) and its answer awaited with
/// `poll` until a deadline: the server's `statement_timeout` ends a slow statement, and the
/// deadline (a little later) ends the wait for a server that cannot answer at all (stopped with
/// SIGSTOP, a network that drops packets), where a blocking `PQexec` would wait for TCP to give
/// up. A connection that the server or the network dropped, or that missed its deadline, is
/// opened again (`PQreset`) by the next statement outside a transaction.
final class PostgresConnection: SQLConnection {
    private let handle: OpaquePointer
    let options: PostgresSettings
    /// The URL as given: the key under which connections to one server share what they know of
    /// its outages (`PostgresOutages`).
    private let url: String
    /// Set when a statement missed its deadline: the socket may still deliver its late answer,
    /// so the connection is not used again until it is reset.
    private(set) var lost = false
    /// The password as the URL spells it, scrubbed from libpq's messages.
    private let secrets: [String]
    /// Prepared statement names by SQL text as written, with `?` ("g1", "g2", …); emptied when
    /// the connection is reset.
    private var statements: [StatementKey: String] = [:]
    /// 0 outside a transaction, 1 in one, one more for each savepoint inside it.
    var transactionDepth = 0
    /// Set by `failure` when the server reported a serialization failure or a deadlock in the
    /// current transaction: `transaction` runs it again from the start.
    var serializationFailed = false

    /// Opens a connection to the server `url` names and sets its session up.
    ///
    /// - Throws: `StoreError.Code.database` with one line, "cannot connect to PostgreSQL at
    ///   host:port/db: why", when the server cannot be reached or refuses the credentials.
    init(url: String, options: PostgresSettings = .standard) throws(StoreError) {
        self.options = options
        self.url = url
        secrets = PostgresURL(url)?.secrets ?? []
        // connect_timeout comes before dbname, whose URL is expanded in its place (expand_dbname):
        // a connect_timeout in the URL wins.
        let parameters = [
            ("connect_timeout", String(options.connectTimeoutSeconds)), ("fallback_application_name", "genkan"), ("dbname", url),
        ]
        let pointer = Self.withCStrings(parameters.map(\.0)) { keywords in
            Self.withCStrings(parameters.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let pointer else { throw StoreError(.database, "cannot connect to PostgreSQL: out of memory") }
        handle = pointer
        guard PQstatus(handle) == CONNECTION_OK else {
            throw StoreError(.database, "cannot connect to PostgreSQL at \(target): \(connectionMessage)")
        }
        try configureSession()
    }

    deinit {
        PQfinish(handle)
    }

    /// Checks the syntax of a connection URL without connecting (`PQconninfoParse`).
    ///
    /// - Throws: `StoreError.Code.database` saying what is wrong (the password never shown).
    static func validate(url: String) throws(StoreError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &error) else {
            let message = error.map { oneLine(String(cString: $0)) } ?? "out of memory"
            PQfreemem(error)
            // libpq quotes the part it could not read, which may be the password.
            let scrubbed = scrub(message, of: PostgresURL(url)?.secrets ?? [])
            throw StoreError(.database, "invalid PostgreSQL URL \(PostgresURL(url)?.redacted ?? ""): \(scrubbed)")
        }
        PQconninfoFree(options)
    }

    /// `host:port/database` as libpq resolved them (never the password).
    var target: String {
        let host = PQhost(handle).map { String(cString: $0) } ?? ""
        let port = PQport(handle).map { String(cString: $0) } ?? ""
        let database = PQdb(handle).map { String(cString: $0) } ?? ""
        return "\(host.isEmpty ? "localhost" : host)\(port.isEmpty ? "" : ":" + port)/\(database)"
    }

    /// libpq's message for the connection: its first line (the next ones are a generic hint, or
    /// the same failure at the next host) without the "connection to server at …, port …
    /// failed:" preamble, since the caller names the server.
    private var connectionMessage: String {
        let text = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        var message = oneLine(String(text.split(whereSeparator: \.isNewline).first ?? ""))
        if let range = message.firstRange(of: " failed: ") { message = String(message[range.upperBound...]) }
        return message.isEmpty ? "unknown error" : scrub(message, of: secrets)
    }

    /// The session settings every connection runs with: the statement timeout, serializable
    /// transactions (see `transaction`), and warnings only on standard error.
    private func configureSession() throws(StoreError) {
        try execute(
            """
            SET statement_timeout = \(max(0, options.statementTimeoutMilliseconds));
            SET default_transaction_isolation = 'serializable';
            SET client_min_messages = 'warning'
            """)
    }

    /// Opens the connection again when it was lost, outside a transaction (inside one, the
    /// transaction is lost with it and its caller gets `unavailable`).
    ///
    /// A connection the server closed while it sat idle in the pool (a restart of PostgreSQL, an
    /// administrator's `pg_terminate_backend`) is noticed here, before a statement is sent on it:
    /// `PQconsumeInput` reads the server's goodbye and the end of the stream without waiting, so
    /// the first request after a restart is served rather than answered 503. While the server is
    /// unreachable, one connection of the process tries again at most once a second
    /// (`PostgresOutages`); the others fail at once.
    private func reconnectIfLost() throws(StoreError) {
        guard transactionDepth == 0 else {
            if lost { throw StoreError(.unavailable, "lost the connection to PostgreSQL at \(target): no answer in time") }
            return
        }
        if !lost && PQstatus(handle) == CONNECTION_OK { readWhatArrivedWhileIdle() }
        guard lost || PQstatus(handle) == CONNECTION_BAD else { return }
        let attempt = Duration.seconds(options.connectTimeoutSeconds) + PostgresOutages.retryInterval
        if let wait = PostgresOutages.shared.retryDelay(for: url, attemptLength: attempt) {
            throw StoreError(.unavailable, "cannot reach PostgreSQL at \(target) (trying again in \(wait) ms)")
        }
        statements.removeAll()
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            PostgresOutages.shared.failed(url)
            throw StoreError(.unavailable, "cannot reach PostgreSQL at \(target): \(connectionMessage)")
        }
        lost = false
        PostgresOutages.shared.reached(url)
        try configureSession()
    }

    /// Reads whatever the server sent while the connection sat idle, without waiting: an idle
    /// backend sends nothing unless it is going away (its FATAL message, then the end of the
    /// stream), and libpq marks the connection bad only once it has read the end, which may take
    /// a second read after the message.
    private func readWhatArrivedWhileIdle() {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return }
        for _ in 0..<4 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return }
            if PQconsumeInput(handle) == 0 || PQstatus(handle) == CONNECTION_BAD { return }
        }
    }

    // MARK: Running statements

    /// Runs SQL without parameters through the simple query protocol (several statements
    /// allowed): transaction control, session settings, the schema.
    @discardableResult
    func execute(_ sql: String) throws(StoreError) -> PostgresResult {
        try reconnectIfLost()
        return try awaitResult(PQsendQuery(handle, sql))
    }

    /// Runs one statement with `values` for its parameters (`?`, renumbered `$1…$N` when it is
    /// prepared, or `$1…$N` as written), preparing it on first use; outside a transaction, a
    /// statement that lost a serialization conflict runs again (it changed nothing).
    func query(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> PostgresResult {
        try reconnectIfLost()
        var attempt = 1
        while true {
            if transactionDepth == 0 { serializationFailed = false }
            do {
                return try runPrepared(sql, values)
            } catch {
                guard transactionDepth == 0, serializationFailed, attempt < options.serializationAttempts else { throw error }
                Self.backOff(attempt)
                attempt += 1
            }
        }
    }

    private func runPrepared(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> PostgresResult {
        let name = try prepared(sql, values)
        var buffer: [UInt8] = []
        var offsets: [Int?] = []
        var lengths: [Int32] = []
        for value in values {
            let start = buffer.count
            let length = value.appendBinary(to: &buffer)
            offsets.append(length == nil ? nil : start)
            lengths.append(length ?? 0)
        }
        buffer.append(0)  // never empty, so the buffer has an address
        let formats = [Int32](repeating: 1, count: values.count)
        let result = buffer.withUnsafeBytes { bytes in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                offset.map { bytes.baseAddress!.advanced(by: $0).assumingMemoryBound(to: CChar.self) }
            }
            return PQsendQueryPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 1)
        }
        return try awaitResult(result)
    }

    /// The name of the prepared statement for `sql`, preparing it first if needed (its `?`
    /// numbered as PostgreSQL numbers parameters) with the parameter types of `values` (a NULL's
    /// type is left to the server).
    private func prepared(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> String {
        let key = StatementKey(sql)
        if let name = statements[key] { return name }
        let name = "g\(statements.count + 1)"
        try awaitResult(PQsendPrepare(handle, name, PostgresPlaceholders.numbered(sql), Int32(values.count), values.map(\.typeOID)))
        statements[key] = name
        return name
    }

    /// How long after the server's own `statement_timeout` the wait for an answer ends.
    static let deadlineGraceMilliseconds = 1000

    /// Waits for every result of what was just sent (`sent` is what the `PQsend…` call returned)
    /// and returns the last one; the first failure is thrown instead. Past the deadline
    /// (`statement_timeout` plus `deadlineGraceMilliseconds`) the connection is given up
    /// (`lost`) and the caller gets `unavailable`.
    @discardableResult
    private func awaitResult(_ sent: Int32) throws(StoreError) -> PostgresResult {
        guard sent == 1 else { throw failure(nil) }
        let timeout = options.statementTimeoutMilliseconds
        let deadline = timeout > 0 ? ContinuousClock.now + .milliseconds(timeout + Self.deadlineGraceMilliseconds) : nil
        var last: OpaquePointer?
        var failed: OpaquePointer?
        defer {
            if let last { PQclear(last) }
            if let failed { PQclear(failed) }
        }
        collecting: while true {
            while PQisBusy(handle) != 0 {
                try waitForInput(until: deadline)
                // 0: the connection broke; the next PQgetResult says how.
                if PQconsumeInput(handle) == 0 { break }
            }
            guard let result = PQgetResult(handle) else { break }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                if let previous = last { PQclear(previous) }
                last = result
            default:
                if failed == nil { failed = result } else { PQclear(result) }
                // A broken connection has no further results to wait for.
                if PQstatus(handle) == CONNECTION_BAD { break collecting }
            }
        }
        if let failed { throw failure(failed) }
        guard let result = last else { throw failure(nil) }
        last = nil
        return PostgresResult(result)
    }

    /// Waits until the socket has something to read, or throws `unavailable` at `deadline`
    /// (marking the connection `lost`).
    private func waitForInput(until deadline: ContinuousClock.Instant?) throws(StoreError) {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return }  // PQconsumeInput reports the closed connection
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else {
                    lost = true
                    throw StoreError(
                        .unavailable,
                        "PostgreSQL at \(target) did not answer within \(options.statementTimeoutMilliseconds + Self.deadlineGraceMilliseconds) ms")
                }
                let (seconds, attoseconds) = left.components
                milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }

    /// The one place a libpq failure becomes a `StoreError`: a lost or refused connection and a
    /// statement timeout are `unavailable` (the server can answer 503 and try later); the
    /// violations SQLite reports as constraint errors are `constraint`; the rest is `database`
    /// with its SQLSTATE. Only the primary message is kept: PostgreSQL's detail line quotes the
    /// row's values (a token hash, an address).
    private func failure(_ result: OpaquePointer?) -> StoreError {
        let state = result.flatMap { PQresultErrorField($0, CLibPQ_DIAG_SQLSTATE) }.map { String(cString: $0) } ?? ""
        let primary = result.flatMap { PQresultErrorField($0, CLibPQ_DIAG_MESSAGE_PRIMARY) }.map { oneLine(String(cString: $0)) }
        let message = primary ?? connectionMessage
        if PQstatus(handle) == CONNECTION_BAD || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
            return StoreError(.unavailable, "lost the connection to PostgreSQL at \(target): \(message)")
        }
        switch state {
        case "23505", "23514", "23503", "23502":  // unique, check, foreign key, not null
            return StoreError(.constraint, "\(message) (SQLSTATE \(state))")
        case "57014":  // query_canceled: statement_timeout
            return StoreError(.unavailable, "PostgreSQL at \(target): \(message) (SQLSTATE \(state))")
        case "40001", "40P01":  // serialization_failure, deadlock_detected
            serializationFailed = true
            return StoreError(.database, "PostgreSQL at \(target): \(message) (SQLSTATE \(state))")
        default:
            return StoreError(.database, "PostgreSQL at \(target): \(message)\(state.isEmpty ? "" : " (SQLSTATE \(state))")")
        }
    }

    /// Whether the server has a transaction open on this connection (`PQtransactionStatus`).
    var serverHasTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Waits a random while, longer after each attempt, before running a conflicting transaction
    /// again (so that the contenders do not meet again at once).
    static func backOff(_ attempt: Int) {
        let ceiling = min(1000 << min(attempt, 6), 50_000)
        usleep(UInt32.random(in: 0...UInt32(ceiling)))
    }

    /// Calls `body` with a NULL-terminated array of C strings.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// `message` with each of `secrets` replaced by `***`.
func scrub(_ message: String, of secrets: [String]) -> String {
    secrets.filter { !$0.isEmpty }.reduce(message) { $0.replacing($1, with: "***") }
}

/// `text` with every run of whitespace (line breaks, tabs) turned into one space: a libpq message
/// spans several lines.
func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}
