import Foundation
import Testing
@testable import GenkanStore
import GenkanSQL

/// Databases at every older schema version, built from the SQL those versions shipped (run by the
/// database's own tool, not by `Schema.migrate`, which would hide a mistake in the list) and
/// holding a row in every table: opening one migrates it to the current version without losing a
/// row or a value, and its version reads as `genkan db check` reads it before and after.
@Suite struct OlderSchemaTests {
    /// Every store kind with every version it can be found at: SQLite files from version 1,
    /// PostgreSQL databases from version 2 (where its support began).
    static let cases: [(StoreKind, Int)] = StoreKind.available.flatMap { kind in
        ((kind == .sqlite ? 1 : 2)..<Int(Schema.currentVersion)).map { (kind, $0) }
    }

    @Test(arguments: cases)
    func migratesForwardWithoutLoss(kind: StoreKind, version: Int) throws {
        var database = try OlderDatabase(kind: kind, version: version)
        try database.fill()
        let tables = try database.tables()
        #expect(tables.count == Self.tableCount[version], "tables at version \(version): \(tables)")
        var before: [String: String] = [:]
        for table in tables { before[table] = try database.contents(of: table) }
        #expect(try database.location.openExisting().schemaVersion() == Int64(version))

        let store = try AccountStore(location: database.location) { _ in }
        #expect(store.migrationReport == MigrationReport(fromVersion: Int64(version), toVersion: Schema.currentVersion))
        #expect(try database.location.openExisting().schemaVersion() == Schema.currentVersion)
        for table in tables {
            #expect(try database.contents(of: table, columns: database.columnsBefore[table] ?? []) == before[table], "table \(table)")
        }
        // What the store reads from the migrated rows.
        let hanako = try #require(try store.account(email: "HANAKO@example.com"))
        #expect(hanako.account.displayName == "Hanako" && hanako.account.verifiedAt == 150)
        #expect(try store.secret(named: "csrf", length: 4) == [0x00, 0x11, 0x22, 0x33])
        #expect(try store.sessionCount(accountID: hanako.account.id) == 1)
        // Nothing on an account from before migration 7 is known to be its owner's.
        #expect(try store.storage.storedAccount(id: hanako.account.id)?.credentialsTrustedSince == nil)
        // No one was an administrator before migration 8, and the log starts empty.
        #expect(try store.administrators().isEmpty && hanako.account.adminSince == nil)
        #expect(try store.events().count == (version >= 8 ? 1 : 0))
        try store.record(.signInSucceeded, uid: hanako.account.uid)
        #expect(try store.events(uid: hanako.account.uid).count == 1)
        if version >= 6 {
            let passkey = try #require(try store.passkeys(accountID: hanako.account.id).first)
            #expect(passkey.name == "Phone" && passkey.signCount == 7 && passkey.transports == ["internal", "hybrid"])
            #expect(try store.storage.userHandle(accountID: hanako.account.id) == [0xE1, 0xE2])
        }
        if kind == .sqlite {
            #expect(try run("sqlite3", [database.path, "PRAGMA integrity_check"]) == "ok")
            #expect(try run("sqlite3", [database.path, "PRAGMA foreign_key_check"]) == "")
        }
    }

    /// How many tables each version has (bookkeeping left out): 3 at version 1, 10 from version 2,
    /// 11 with the emulator's codes (4), 12 with sign-in codes (5), 15 with passkeys (6), 17 with
    /// events and their webhook deliveries (8), 21 with second factors, recovery codes, second
    /// steps and enrolments (9).
    static let tableCount = [0, 3, 10, 10, 11, 12, 15, 15, 17, 21]
}

/// A database of one kind at an older schema version, as a Genkan of that version left it.
struct OlderDatabase {
    let kind: StoreKind
    let version: Int
    let location: StoreLocation
    /// The SQLite file, or the PostgreSQL database's URL.
    let path: String
    private let keepAlive: any Sendable
    private(set) var columnsBefore: [String: [String]] = [:]

    init(kind: StoreKind, version: Int) throws {
        self.kind = kind
        self.version = version
        switch kind {
        case .sqlite:
            let directory = TemporaryDirectory()
            path = directory.database
            keepAlive = directory
            location = .sqlite(path: path)
            _ = try run("sqlite3", [path, Schema.script(through: version, for: .sqlite) + "\nPRAGMA user_version = \(version);"])
        case .postgresql:
            let database = try PostgresTestDatabase()
            path = database.url
            keepAlive = database
            location = .postgresql(url: path)
            // The version table as every Genkan on PostgreSQL has made it.
            try psql(
                Schema.script(through: version, for: .postgresql) + """
                ;
                CREATE TABLE genkan_schema (
                    singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),  -- one row
                    version BIGINT NOT NULL
                );
                INSERT INTO genkan_schema (version) VALUES (\(version));
                """)
        }
    }

    private var dialect: SQLDialect { kind == .sqlite ? .sqlite : .postgresql }

    @discardableResult
    func psql(_ script: String) throws -> String {
        try run("psql", [path, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-f", "-"], input: script)
    }

    /// What the database's own tool prints for `query`.
    func query(_ query: String) throws -> String {
        switch kind {
        case .sqlite: try run("sqlite3", ["-quote", path, query])
        case .postgresql: try psql(query)
        }
    }

    /// A blob literal in the dialect's spelling.
    private func blob(_ hex: String) -> String {
        dialect == .sqlite ? "X'\(hex)'" : "'\\x\(hex)'::bytea"
    }

    /// A row in every table the version has, with every column it has set where it may be.
    mutating func fill() throws {
        var sql: String
        if version == 1 {
            sql = """
                INSERT INTO accounts VALUES (1, 'hanako@example.com', 'Hanako', 'hanako', 'hash-1', 100, 150, NULL);
                INSERT INTO accounts VALUES (2, 'Taro@example.com', 'Taro', 'taro', 'hash-2', 200, NULL, 250);
                INSERT INTO sessions VALUES (X'01', 1, 1000, 1001, 9000);
                INSERT INTO secrets VALUES ('csrf', X'00112233');
                """
        } else {
            let v5 = version >= 5
            sql = """
                INSERT INTO accounts (email, email_key, display_name, name_key, password_hash, created_at, verified_at, disabled_at,
                    valid_since, photo_url, last_login_at, failed_sign_ins\(v5 ? ", uid, is_anonymous, custom_claims" : ""))
                VALUES ('hanako@example.com', 'hanako@example.com', 'Hanako', 'hanako', '$argon2id$x', 100, 150, NULL, 120,
                        'https://example.com/h.png', 130, 2\(v5 ? ", 'uid-hanako', 0, '{\"role\":\"admin\"}'" : "")),
                       ('Taro@example.com', 'taro@example.com', 'Taro', 'taro', NULL, 200, NULL, 250, NULL, NULL, NULL, 0\
                \(v5 ? ", 'uid-taro', 0, NULL" : ""));
                INSERT INTO sessions (token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at, user_agent)
                VALUES (\(blob("01")), 1, 1000, 1000, 1001, 9000, 'Firefox'), (\(blob("02")), 2, 1100, 1100, 1101, 9100, NULL);
                INSERT INTO secrets (name, value) VALUES ('csrf', \(blob("00112233")));
                INSERT INTO action_codes (code_hash, account_id, purpose, email, created_at, expires_at, consumed_at)
                VALUES (\(blob("a1")), 1, 'verify-email', 'hanako@example.com', 10, 20, NULL),
                       (\(blob("a2")), 2, 'recover-email', 'old@example.com', 11, 21, 15);
                INSERT INTO outbox (sender, recipient, message, created_at, attempts, next_attempt_at, last_error, given_up_at, account_id)
                VALUES ('genkan@example.com', 'hanako@example.com', \(blob("48690d0a")), 5, 1, 6, 'timeout', NULL, 1),
                       ('genkan@example.com', 'x@example.com', \(blob("")), 5, 50, 7, 'gave up', 8, NULL);
                INSERT INTO reset_requests (email, email_key, locale, created_at\(v5 ? ", kind" : ""))
                VALUES ('Taro@example.com', 'taro@example.com', 'ja', 30\(v5 ? ", 'sign-in'" : ""));
                INSERT INTO provider_identities (account_id, provider, issuer, subject, email, created_at, last_used_at)
                VALUES (1, 'corp', 'https://login.example.com', 's-1', 'h@corp.example', 40, 41);
                INSERT INTO provider_authorizations (state_hash, provider, binding_hash, account_id, nonce, code_verifier, return_to,
                    created_at, expires_at, response_code, response_user)
                VALUES (\(blob("b1")), 'corp', \(blob("b2")), 1, 'nonce', 'verifier', '/account', 50, 60, 'code', '{"name":{}}');
                INSERT INTO refresh_tokens (token_hash, account_id, created_at, auth_time, sign_in_provider, last_used_at\(v5 ? ", claims" : ""))
                VALUES (\(blob("c1")), 2, 70, 69, 'password', 71\(v5 ? ", '{\"tier\":1}'" : ""));
                INSERT INTO rate_limits (name, key, level, updated_at, expires_at) VALUES ('sign-in.address', 'k1', 2.5, 80, 90);
                """
            if version >= 4 {
                sql += """

                    INSERT INTO emulator_codes (account_id, email, code, purpose, created_at\(v5 ? ", link" : ""))
                    VALUES (1, 'hanako@example.com', 'code-1', 'verify-email', 95\(v5 ? ", NULL" : ""));
                    """
            }
            if v5 {
                sql += """

                    INSERT INTO accounts (email, email_key, display_name, name_key, created_at, uid, is_anonymous)
                    VALUES (NULL, NULL, '', '', 300, 'uid-anonymous', 1);
                    INSERT INTO emulator_codes (account_id, email, code, purpose, created_at, link)
                    VALUES (NULL, 'new@example.com', 'code-2', 'sign-in', 96, 'https://app.example/l');
                    INSERT INTO sign_in_codes (code_hash, email, email_key, created_at, expires_at, consumed_at)
                    VALUES (\(blob("d1")), 'new@example.com', 'new@example.com', 97, 98, NULL);
                    """
            }
            if version >= 6 {
                sql += """

                    INSERT INTO passkey_users (account_id, user_handle) VALUES (1, \(blob("e1e2")));
                    INSERT INTO passkeys (account_id, credential_id, public_key, sign_count, backup_eligible, backed_up, aaguid,
                        transports, name, created_at, last_used_at)
                    VALUES (1, \(blob("f1")), \(blob("a50102")), 7, 1, 0, \(blob(String(repeating: "00", count: 16))), 'internal,hybrid',
                            'Phone', 110, 111);
                    INSERT INTO passkey_challenges (challenge_hash, ceremony, binding_hash, account_id, created_at, expires_at)
                    VALUES (\(blob("f2")), 'registration', \(blob("f3")), 1, 112, 113);
                    """
            }
            if version >= 8 {
                sql += """

                    INSERT INTO events (time, type, uid, actor, client, user_agent, details)
                    VALUES (120, 'sign_in.succeeded', 'uid-of-another', 'user', '127.0.0.1', 'Firefox', '{}');
                    INSERT INTO webhook_deliveries (event_id, url, uid, attempts, next_attempt_at, last_error, given_up_at)
                    VALUES (1, 'https://hooks.example/genkan', 'uid-of-another', 1, 121, 'timeout', NULL);
                    """
            }
        }
        switch kind {
        case .sqlite: _ = try run("sqlite3", [path, sql])
        case .postgresql: try psql(sql)
        }
        for table in try tables() { columnsBefore[table] = try columns(of: table) }
    }

    /// The tables, the schema's bookkeeping left out.
    func tables() throws -> [String] {
        let names = switch kind {
        case .sqlite: try run("sqlite3", [path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY 1"])
        case .postgresql:
            try psql("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'genkan_schema' ORDER BY 1")
        }
        return names.split(separator: "\n").map(String.init)
    }

    func columns(of table: String) throws -> [String] {
        let names = switch kind {
        case .sqlite: try run("sqlite3", [path, "SELECT name FROM pragma_table_info('\(table)') ORDER BY cid"])
        case .postgresql:
            try psql(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '\(table)' ORDER BY ordinal_position")
        }
        return names.split(separator: "\n").map(String.init)
    }

    /// Every row of `table`, `columns` (all it has when empty) in that order, rows sorted.
    func contents(of table: String, columns: [String] = []) throws -> String {
        let names = columns.isEmpty ? try self.columns(of: table) : columns
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let rows = try query("SELECT \(list) FROM \"\(table)\" ORDER BY \((1...names.count).map(String.init).joined(separator: ", "))")
        #expect(!rows.isEmpty, "no rows in \(table)")
        return rows
    }
}
