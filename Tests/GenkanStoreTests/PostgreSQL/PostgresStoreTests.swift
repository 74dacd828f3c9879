import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import GenkanStore
@testable import GenkanPostgreSQL

/// What only PostgreSQL has: the schema and its version, the advisory lock, the URL, the
/// connection's failures, serializable transactions run again. `psql` and `pg_dump` look at the
/// database as an operator would, as `sqlite3` does in the SQLite tests.
@Suite(.enabled(if: PostgresTestDatabase.serverURL != nil, "GENKAN_TEST_POSTGRES names no server"))
struct PostgresStoreTests {
    let clock = ManualClock()

    func psql(_ database: PostgresTestDatabase, _ sql: String) throws -> String {
        try run("psql", [database.url, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// The database as SQL text, schema and rows, without the random key of pg_dump's
    /// `\restrict` lines: equal before and after means nothing was written.
    func dump(_ database: PostgresTestDatabase) throws -> String {
        try run("pg_dump", ["--no-owner", database.url]).split(separator: "\n")
            .filter { !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict") }.joined(separator: "\n")
    }

    @Test func theFirstConnectionCreatesSQLitesTablesAndColumns() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url)
        #expect(store.migrationReport == MigrationReport(fromVersion: 0, toVersion: Schema.currentVersion))
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(try psql(database, "SELECT version FROM genkan_schema") == "\(Schema.currentVersion)")
        // Every table and column of SQLite's schema at the same version, and no other.
        let directory = TemporaryDirectory()
        _ = try StoreLocation.sqlite(path: directory.database).open()
        let sqliteTables = try run(
            "sqlite3", [directory.database, "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name"])
        let postgresTables = try psql(
            database, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'genkan_schema' ORDER BY 1")
        #expect(postgresTables == sqliteTables && postgresTables.split(separator: "\n").count == 21)
        for table in sqliteTables.split(separator: "\n") {
            let sqliteColumns = try run("sqlite3", [directory.database, "SELECT name FROM pragma_table_info('\(table)') ORDER BY name"])
            let postgresColumns = try psql(
                database, "SELECT column_name FROM information_schema.columns WHERE table_name = '\(table)' ORDER BY 1")
            #expect(postgresColumns == sqliteColumns, "columns of \(table)")
        }
    }

    @Test func serversStartingAtOnceMigrateOnce() throws {
        let database = try PostgresTestDatabase()
        // Hold the migration lock so that every server finds the database empty before the first
        // one migrates, then let them go: each must see what the one before it committed.
        let holder = try database.connection()
        try holder.execute("BEGIN; SELECT pg_advisory_xact_lock(\(Schema.migrationLock))")
        let reports = Outcomes<Result<MigrationReport, StoreError>>()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            runTogether(6) { _ in
                reports.append(Result { () throws(StoreError) in try openPostgres(database.url).migrationReport })
            }
            finished.signal()
        }.start()
        let deadline = Date().addingTimeInterval(30)
        let waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        while try holder.query(waiting, []).first?.integer(0) != 6, Date() < deadline { usleep(20_000) }
        try holder.execute("COMMIT")
        finished.wait()
        let all = reports.all.compactMap { try? $0.get() }
        #expect(all.count == 6, "\(reports.all)")
        #expect(all.filter { $0.fromVersion == 0 }.count == 1)
        #expect(all.allSatisfy { $0.toVersion == Schema.currentVersion })
        #expect(try psql(database, "SELECT count(*) FROM genkan_schema") == "1")
    }

    @Test func aDatabaseFromANewerGenkanIsRefusedAndLeftAlone() throws {
        let database = try PostgresTestDatabase()
        _ = try psql(
            database,
            "CREATE TABLE genkan_schema (singleton BOOLEAN PRIMARY KEY DEFAULT TRUE, version BIGINT NOT NULL); "
                + "INSERT INTO genkan_schema (version) VALUES (99); CREATE TABLE t (x BIGINT)")
        let before = try dump(database)
        do {
            _ = try openPostgres(database.url)
            Issue.record("opened a database of a newer Genkan")
        } catch {
            #expect(error.code == .schemaTooNew && error.detail.contains("schema version 99"))
        }
        #expect(try dump(database) == before && before.contains("CREATE TABLE public.t"))
    }

    /// Migration 3 as `MigrationTests` checks it on SQLite, from a database at version 2.
    @Test func googlesTwoIssuerSpellingsBecomeOneIdentity() throws {
        let database = try PostgresTestDatabase()
        let store = try AccountStore(location: .postgresql(url: database.url))
        let ids = try ["a@example.com", "b@example.com", "c@example.com"].map { email in
            try store.createAccount(NewAccount(email: email, displayName: "N", nameKey: "n", passwordHash: nil)).id
        }
        _ = try psql(
            database,
            """
            INSERT INTO provider_identities (account_id, provider, issuer, subject, created_at) VALUES
                (\(ids[0]), 'google', 'accounts.google.com', 'same-person', 10),
                (\(ids[1]), 'google', 'https://accounts.google.com', 'same-person', 20),
                (\(ids[2]), 'google', 'https://accounts.google.com', 'first', 30),
                (\(ids[2]), 'google', 'accounts.google.com', 'second', 40),
                (\(ids[1]), 'corp', 'https://login.example.com', 'x', 50);
            -- What migrations 8, 7, 6, 5 and 4 added goes.
            DROP TABLE pending_second_steps; DROP TABLE totp_enrollments; DROP TABLE recovery_codes; DROP TABLE second_factors;
            DROP TABLE webhook_deliveries; DROP TABLE events;
            ALTER TABLE accounts DROP COLUMN uid, DROP COLUMN is_anonymous, DROP COLUMN custom_claims,
                DROP COLUMN credentials_trusted_since, DROP COLUMN admin_since, DROP CONSTRAINT accounts_key_needs_email;
            ALTER TABLE refresh_tokens DROP COLUMN claims;
            ALTER TABLE reset_requests DROP COLUMN kind;
            DROP TABLE sign_in_codes;
            DROP TABLE emulator_codes;
            DROP TABLE passkey_challenges; DROP TABLE passkeys; DROP TABLE passkey_users;  -- migration 6
            UPDATE genkan_schema SET version = 2;
            """)
        let migrated = try AccountStore(location: .postgresql(url: database.url))
        #expect(migrated.migrationReport == MigrationReport(fromVersion: 2, toVersion: Schema.currentVersion))
        #expect(
            try psql(database, "SELECT account_id, issuer, subject FROM provider_identities ORDER BY id") == """
                \(ids[0])|https://accounts.google.com|same-person
                \(ids[2])|https://accounts.google.com|first
                \(ids[1])|https://login.example.com|x
                """)
        #expect(try migrated.account(issuer: "https://accounts.google.com", subject: "same-person")?.id == ids[0])
    }

    @Test func tokensAndCodesAreStoredOnlyAsTheirSHA256() throws {
        let database = try PostgresTestDatabase()
        let store = try AccountStore(location: .postgresql(url: database.url), clock: clock.storeClock)
        let account = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let (session, _) = try store.createSession(accountID: account.id)
        let refresh = try store.createRefreshToken(accountID: account.id, authTime: clock.now)
        let code = try store.issueCode(.resetPassword, accountID: account.id).token
        func sha256(_ token: String) throws -> String? {
            try run("sha256sum", [], input: token).split(separator: " ").first.map(String.init)
        }
        #expect(try psql(database, "SELECT encode(token_hash, 'hex') FROM sessions") == sha256(session))
        #expect(try psql(database, "SELECT encode(token_hash, 'hex') FROM refresh_tokens") == sha256(refresh))
        #expect(try psql(database, "SELECT encode(code_hash, 'hex') FROM action_codes") == sha256(code))
        let everything = try run("pg_dump", ["--data-only", database.url])
        #expect(everything.contains("taro@example.com"))
        for token in [session, refresh, code] { #expect(!everything.contains(token)) }
    }

    @Test func thePasswordIsNeverPrinted() throws {
        let port = try closedPort()
        let location = try StoreLocation(
            parsing: "postgresql://taro:pa%40ss-word@127.0.0.1:\(port)/genkan?password=other-word&sslmode=disable")
        #expect(location.description == "postgresql://taro:***@127.0.0.1:\(port)/genkan?password=***&sslmode=disable")
        #expect(try StoreLocation(parsing: "postgres://taro@db.example/genkan").description == "postgres://taro@db.example/genkan")
        do {
            _ = try location.open()
            Issue.record("connected to a closed port")
        } catch {
            #expect(!error.detail.contains("pa%40ss") && !error.detail.contains("pa@ss") && !error.detail.contains("other-word"))
        }
        // libpq quotes what it cannot read; a password is hidden from that too.
        do {
            _ = try StoreLocation(parsing: "postgresql://taro:pa%zzss@127.0.0.1/genkan")
            Issue.record("accepted a malformed URL")
        } catch {
            #expect(error.code == .database && error.detail.hasPrefix("invalid PostgreSQL URL postgresql://taro:***@127.0.0.1/genkan"))
            #expect(!error.detail.contains("pa%zzss"))
        }
        do {
            _ = try openPostgres("postgresql://taro:pa%zzss@127.0.0.1/genkan")
            Issue.record("connected with a malformed URL")
        } catch {
            #expect(error.code == .database && !error.detail.contains("pa%zzss"), "\(error)")
        }
        #expect(try StoreLocation(parsing: "postgresql-not/a/url") == .sqlite(path: "postgresql-not/a/url"))
    }

    @Test func aRefusedConnectionIsOneClearLine() throws {
        let port = try closedPort()
        do {
            _ = try openPostgres("postgresql://taro@127.0.0.1:\(port)/genkan")
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.code == .database)
            #expect(error.detail.hasPrefix("cannot connect to PostgreSQL at 127.0.0.1:\(port)/genkan: "), "\(error.detail)")
            #expect(error.detail.contains("refused") && !error.detail.contains("\n"), "\(error.detail)")
        }
    }

    /// A fresh database and a store on it with one account (its id).
    private func storeWithAnAccount() throws -> (database: PostgresTestDatabase, store: SQLStore, id: Int64) {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url)
        let id = try store.insertAccount(
            AccountRow(uid: "a@example.com", email: "a@example.com", emailKey: "a@example.com", displayName: "A", nameKey: "a", passwordHash: nil, createdAt: 1))
        return (database, store, id)
    }

    /// The process id of the PostgreSQL backend serving `store`'s connection.
    private func backend(of store: SQLStore) throws -> Int64? {
        try store.postgres.query("SELECT pg_backend_pid()", []).first?.integer(0)
    }

    /// A backend ended while its connection sat idle in the pool (a restart of PostgreSQL, an
    /// administrator's `pg_terminate_backend`) is noticed before the next statement is sent on
    /// it: that statement runs on a new connection instead of failing.
    @Test func aConnectionEndedWhileIdleIsOpenedAgainBeforeTheNextStatement() throws {
        let (database, store, id) = try storeWithAnAccount()
        let backend = try #require(try self.backend(of: store))
        #expect(try psql(database, "SELECT pg_terminate_backend(\(backend), 5000)") == "t")
        #expect(try store.account(id: id)?.email == "a@example.com")
        #expect(try self.backend(of: store) != backend)
    }

    /// A connection lost while a statement runs fails that statement with `unavailable` (the
    /// server may answer 503); the next statement reconnects.
    @Test func aConnectionLostDuringAStatementIsUnavailableAndTheNextReconnects() throws {
        let (database, store, id) = try storeWithAnAccount()
        let backend = try #require(try self.backend(of: store))
        let terminator = Thread { [self] in
            usleep(300_000)
            _ = try? psql(database, "SELECT pg_terminate_backend(\(backend))")
        }
        terminator.start()
        do {
            _ = try store.postgres.query("SELECT pg_sleep(4)", [])
            Issue.record("a statement outlived its connection")
        } catch {
            #expect(error.code == .unavailable, "\(error)")
        }
        #expect(try store.account(id: id)?.email == "a@example.com")
        #expect(try self.backend(of: store) != backend)
    }

    /// A server that stops answering altogether (here its backend stopped with SIGSTOP: the
    /// kernel still takes the bytes, so TCP never times out and the server's own
    /// `statement_timeout` cannot fire) is given up at the client's deadline, the statement
    /// timeout and a second, and the connection is replaced once it answers again.
    @Test func aServerThatStopsAnsweringIsGivenUpAtTheDeadline() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url, options: PostgresOptions(statementTimeoutMilliseconds: 300))
        let id = try store.insertAccount(
            AccountRow(uid: "a@example.com", email: "a@example.com", emailKey: "a@example.com", displayName: "A", nameKey: "a", passwordHash: nil, createdAt: 1))
        let backend = try #require(try store.postgres.query("SELECT pg_backend_pid()", []).first?.integer(0))
        #expect(kill(pid_t(backend), SIGSTOP) == 0)
        let start = ContinuousClock.now
        do {
            _ = try store.account(id: id)
            Issue.record("an answer from a stopped backend")
        } catch {
            #expect(error.code == .unavailable && error.detail.contains("did not answer within 1300 ms"), "\(error)")
        }
        let waited = start.duration(to: .now)
        kill(pid_t(backend), SIGCONT)
        #expect(waited >= .milliseconds(1250) && waited < .seconds(3), "\(waited)")
        #expect(try store.account(id: id)?.email == "a@example.com")
        #expect(try store.postgres.query("SELECT pg_backend_pid()", []).first?.integer(0) != backend)
    }

    /// While a database refuses connections, one connection of the process tries again at most
    /// once a second; the others answer `unavailable` at once. Then service comes back by itself.
    @Test func anUnreachableDatabaseIsTriedOnceASecond() throws {
        let database = try PostgresTestDatabase()
        let one = try openPostgres(database.url), two = try openPostgres(database.url)
        let admin = try PostgresConnection(url: try #require(PostgresTestDatabase.serverURL))
        try admin.execute("ALTER DATABASE \(database.name) ALLOW_CONNECTIONS false")
        try admin.execute("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = '\(database.name)'")
        defer { _ = try? admin.execute("ALTER DATABASE \(database.name) ALLOW_CONNECTIONS true") }
        let first = #expect(throws: StoreError.self) { _ = try one.schemaVersion() }
        #expect(first?.code == .unavailable && first?.detail.contains("cannot reach PostgreSQL") == true, "\(String(describing: first))")
        let start = ContinuousClock.now
        let second = #expect(throws: StoreError.self) { _ = try two.schemaVersion() }
        #expect(second?.code == .unavailable && second?.detail.contains("trying again in") == true, "\(String(describing: second))")
        #expect(start.duration(to: .now) < .milliseconds(100))
        try admin.execute("ALTER DATABASE \(database.name) ALLOW_CONNECTIONS true")
        usleep(1_100_000)
        #expect(try one.schemaVersion() == Schema.currentVersion)
        #expect(try two.schemaVersion() == Schema.currentVersion)
    }

    @Test func aSlowStatementEndsAtTheTimeout() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url, options: PostgresOptions(statementTimeoutMilliseconds: 200))
        let start = Date()
        do {
            _ = try store.postgres.query("SELECT pg_sleep(5)", [])
            Issue.record("a statement outlived its timeout")
        } catch {
            #expect(error.code == .unavailable && error.detail.contains("57014"), "\(error)")
        }
        #expect(Date().timeIntervalSince(start) < 3)
        // The connection is fine afterwards.
        #expect(try store.schemaVersion() == Schema.currentVersion)
    }

    @Test func aTransactionThatLostAConflictRunsAgain() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url)
        let other = try openPostgres(database.url)
        var runs = 0
        try store.transaction { () throws(StoreError) in
            runs += 1
            let level = try store.limitBucket(name: "n", key: "k")?.level ?? 0
            // Another server spends from the bucket after this transaction read it, the first time.
            if runs == 1 { try other.setLimitBucket(name: "n", key: "k", LimitBucket(level: 5, updatedAt: 1), expiresAt: nil) }
            try store.setLimitBucket(name: "n", key: "k", LimitBucket(level: level + 1, updatedAt: 2), expiresAt: nil)
        }
        #expect(runs == 2)
        #expect(try other.limitBucket(name: "n", key: "k") == LimitBucket(level: 6, updatedAt: 2))
    }

    @Test func aFailedStatementInATransactionIsUndoneAlone() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url)
        func row(_ email: String) -> AccountRow {
            AccountRow(uid: email, email: email, emailKey: email, displayName: "A", nameKey: "a", passwordHash: nil, createdAt: 1)
        }
        try store.transaction { () throws(StoreError) in
            _ = try store.insertAccount(row("a@example.com"))
            do throws(StoreError) {
                _ = try store.insertAccount(row("a@example.com"))
                Issue.record("two accounts share a key")
            } catch {
                #expect(error.code == .constraint)
            }
            _ = try store.insertAccount(row("b@example.com"))
        }
        #expect(try store.accounts(afterID: 0, limit: 10).map(\.account.email) == ["a@example.com", "b@example.com"])
    }

    @Test func aFailureTheBodySwallowsOutsideASavepointFailsTheTransaction() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url)
        // A code for no account fails its foreign key; insertCode runs without a savepoint, so
        // PostgreSQL aborts the transaction, and its COMMIT (a rollback) must not pass for one.
        do {
            try store.transaction { () throws(StoreError) in
                _ = try store.insertAccount(
                    AccountRow(uid: "a@example.com", email: "a@example.com", emailKey: "a@example.com", displayName: "A", nameKey: "a", passwordHash: nil, createdAt: 1))
                _ = try? store.insertCode(CodeRow(key: [1], accountID: 999, purpose: .verifyEmail, email: "x@example.com", createdAt: 1, expiresAt: 2))
            }
            Issue.record("a transaction whose statement failed committed")
        } catch {
            #expect(error.code == .database && error.detail.contains("ROLLBACK"), "\(error)")
        }
        #expect(try store.accounts(afterID: 0, limit: 10).isEmpty && !store.isInTransaction)
    }

    @Test func aQuickTransactionAloneSkipsTheWALFlush() throws {
        let database = try PostgresTestDatabase()
        let store = try openPostgres(database.url)
        func setting() throws(StoreError) -> String {
            try store.postgres.query("SELECT current_setting('synchronous_commit')", []).first?.text(0) ?? ""
        }
        #expect(try store.quickTransaction { () throws(StoreError) in try setting() } == "off")
        #expect(try store.transaction { () throws(StoreError) in try store.quickTransaction { () throws(StoreError) in try setting() } } == "on")
        #expect(try setting() == "on")
    }

    /// A store on the database `url`, as `StoreLocation.open` makes it.
    func openPostgres(_ url: String, options: PostgresOptions = .standard) throws(StoreError) -> SQLStore {
        try StoreLocation.postgresql(url: url).open(postgres: options) as! SQLStore
    }

    /// A loopback port nothing listens on (bound, then closed).
    func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                guard bind(socket, generic, length) == 0, getsockname(socket, generic, &length) == 0 else {
                    throw StoreError(.database, "no free port")
                }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

extension SQLStore {
    /// The PostgreSQL connection under the store, whose backend some tests look at.
    var postgres: PostgresConnection { connection as! PostgresConnection }
}
