import Foundation
import GenkanTestSupport
@testable import GenkanStore
import Testing
@testable import GenkanHTTP
import GenkanHTTPTesting
@testable import GenkanPostgreSQL

/// `genkan db migrate`, `check` and `copy` as an operator runs them: what they print and their
/// exit statuses (0 done, 1 a database that cannot be used, 2 wrong usage).
@Suite struct DatabaseCommandTests {
    let directory = NSTemporaryDirectory() + "genkan-db-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> ToolRun { try ToolRun.genkan(arguments) }

    @Test func helpNamesEachCommand() throws {
        let group = try run(["db", "--help"])
        #expect(group.status == 0)
        for command in ["db copy", "db migrate", "db check"] { #expect(group.stdout.contains(command), "\(group.stdout)") }
        for command in ["copy", "migrate", "check"] {
            let help = try run(["db", command, "--help"])
            #expect(help.status == 0 && help.stdout.hasPrefix("Usage: genkan db \(command)") && help.stdout.contains("Exit status"))
        }
        #expect(try run(["db"]).status == 2)
    }

    @Test(arguments: [
        (["db", "copy", "a.sqlite"], "expected SOURCE and DESTINATION, got 1 argument"),
        (["db", "copy", "a.sqlite", "b.sqlite", "c.sqlite"], "expected SOURCE and DESTINATION, got 3 arguments"),
        (["db", "migrate", "--db", ""], "--db: the database location is empty"),
        (["db", "check", "--db", "postgresql://[::1"], "--db: invalid PostgreSQL URL"),
        (["db", "check", "extra"], "unexpected argument 'extra'"),
        (["db", "migrate", "--verbose"], "unknown option '--verbose'"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("--help"))
    }

    @Test func checkMigrateAndCheckAgain() throws {
        let file = directory + "/genkan.sqlite"
        let missing = try run(["db", "check", "--db", file])
        #expect(missing.status == 1 && missing.stderr.contains("genkan db check: \(file):"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file), "check created the file")
        let created = try run(["db", "migrate", "--db", file])
        #expect(created.status == 0 && created.stdout == "\(file): schema created at version \(Schema.currentVersion)\n", "\(created)")
        let again = try run(["db", "migrate", "--db", file])
        #expect(again.stdout == "\(file): schema version \(Schema.currentVersion), already current\n")
        let matching = try run(["db", "check", "--db", file])
        #expect(matching.status == 0 && matching.stdout == """
            \(file): schema version \(Schema.currentVersion), matches this Genkan
              accounts: 0; password hashes: 0 Argon2id, 0 without a password

            """)
        // An older file: check says so and changes nothing; migrate brings it up.
        let old = directory + "/old.sqlite"
        _ = try shell("sqlite3", [old, "CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL, name_key TEXT NOT NULL, password_hash TEXT NOT NULL, created_at INTEGER NOT NULL, verified_at INTEGER, disabled_at INTEGER) STRICT; CREATE TABLE sessions (token_hash BLOB PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, expires_at INTEGER NOT NULL) STRICT, WITHOUT ROWID; CREATE TABLE secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL) STRICT, WITHOUT ROWID; PRAGMA user_version = 1;"])
        let older = try run(["db", "check", "--db", old])
        #expect(older.status == 1 && older.stdout.contains("schema version 1, older than this Genkan's version \(Schema.currentVersion); run genkan db migrate"))
        #expect(try shell("sqlite3", [old, "PRAGMA user_version"]) == "1\n")
        let migrated = try run(["db", "migrate", "--db", old])
        #expect(migrated.status == 0 && migrated.stdout.contains("schema migrated from version 1 to \(Schema.currentVersion)"))
        // A newer one.
        _ = try shell("sqlite3", [old, "PRAGMA user_version = 99"])
        let newer = try run(["db", "check", "--db", old])
        #expect(newer.status == 1 && newer.stdout.contains("schema version 99, newer than this Genkan's"))
        let refused = try run(["db", "migrate", "--db", old])
        #expect(refused.status == 1 && refused.stderr.contains("schema version 99"))
    }

    /// A database at each older version (built from the SQL that version shipped): `check` says
    /// it is older and changes nothing, `migrate` brings it to this version, and `check` agrees.
    @Test func everyOlderVersionIsCheckedThenMigrated() throws {
        var databases: [(location: String, version: Int, cleanUp: () -> Void)] = []
        for version in 1..<Int(Schema.currentVersion) {
            let file = directory + "/version\(version).sqlite"
            _ = try shell("sqlite3", [file, Schema.script(through: version, for: .sqlite) + "\nPRAGMA user_version = \(version);"])
            databases.append((file, version, {}))
        }
        if let server = ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"].flatMap(PostgresURL.init) {
            for version in 2..<Int(Schema.currentVersion) {
                let name = "genkan_db_check_\(version)_" + UUID().uuidString.lowercased().replacing("-", with: "")
                try PostgresConnection(url: server.text).execute("CREATE DATABASE \(name)")
                let url = server.replacingDatabase(with: name)
                _ = try shell("psql", [url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", Schema.script(through: version, for: .postgresql) + """
                    ;
                    CREATE TABLE genkan_schema (singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton), version BIGINT NOT NULL);
                    INSERT INTO genkan_schema (version) VALUES (\(version));
                    """])
                databases.append((url, version, { _ = try? PostgresConnection(url: server.text).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }))
            }
        }
        defer { databases.forEach { $0.cleanUp() } }
        for (location, version, _) in databases {
            let older = try run(["db", "check", "--db", location])
            #expect(older.status == 1, "\(location): \(older)")
            #expect(older.stdout.contains("schema version \(version), older than this Genkan's version \(Schema.currentVersion)"), "\(older.stdout)")
            let migrated = try run(["db", "migrate", "--db", location])
            #expect(migrated.status == 0 && migrated.stdout.contains("schema migrated from version \(version) to \(Schema.currentVersion)"), "\(migrated)")
            let current = try run(["db", "check", "--db", location])
            #expect(current.status == 0 && current.stdout.contains("schema version \(Schema.currentVersion), matches this Genkan"), "\(current)")
        }
    }

    @Test func copyIntoANewFileAndNotIntoAFullOne() throws {
        let source = directory + "/source.sqlite", destination = directory + "/copy.sqlite"
        let store = try AccountStore(path: source)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let session = try store.createSession(accountID: taro.id)
        let copied = try run(["db", "copy", source, destination])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("accounts: 1 row\nsessions: 1 row\n") && copied.stdout.contains("copied \(source) to \(destination)"))
        #expect(try AccountStore(path: destination).session(token: session.token)?.account.email == "taro@example.com")
        let refused = try run(["db", "copy", source, destination])
        #expect(refused.status == 1 && refused.stderr.contains("is not empty (table accounts has 1 row)"), "\(refused.stderr)")
        let same = try run(["db", "copy", source, source])
        #expect(same.status == 1 && same.stderr.contains("the same database"))
    }

    /// An unreachable PostgreSQL: one line naming it (never the password), exit 1.
    @Test(arguments: [["db", "check", "--db"], ["db", "migrate", "--db"], ["db", "copy", "none.sqlite"]])
    func anUnreachableServerIsOneLine(command: [String]) throws {
        let result = try run(command + ["postgresql://taro:hunter2-secret@127.0.0.1:1/genkan"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("hunter2"), "\(result.stderr)")
        // copy reads its (missing) source first and says so.
        #expect(result.stderr.contains(command[1] == "copy" ? "none.sqlite" : "127.0.0.1:1/genkan: Connection refused"))
    }

    func shell(_ tool: String, _ arguments: [String]) throws -> String {
        try ToolRun.run(tool: tool, arguments).stdout
    }
}
