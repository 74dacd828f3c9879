import Foundation
import Testing
@testable import GenkanStore

@Suite struct SchemaTests {
    @Test func firstOpenCreatesTheSchemaInWALMode() throws {
        let directory = TemporaryDirectory()
        let store = try AccountStore(path: directory.database)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        // SQLite file format §1.3: bytes 18 and 19 are 2 for a WAL database.
        let header = try #require(FileManager.default.contents(atPath: directory.database))
        #expect(header[18] == 2 && header[19] == 2)
        let tables = try run("sqlite3", [directory.database, "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"])
        #expect(tables.split(separator: "\n") == [
            "accounts", "action_codes", "emulator_codes", "events", "outbox", "passkey_challenges", "passkey_users", "passkeys",
            "pending_second_steps", "provider_authorizations", "provider_identities", "rate_limits", "recovery_codes", "refresh_tokens",
            "reset_requests", "second_factors", "secrets", "sessions", "sign_in_codes", "sqlite_sequence", "totp_enrollments",
            "webhook_deliveries",
        ])
    }

    @Test func reopeningKeepsDataAndVersion() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try AccountStore(path: directory.database)
            _ = try store.createAccount(NewAccount(email: "a@example.com", displayName: "A", nameKey: "a", passwordHash: "x"))
        }
        let store = try AccountStore(path: directory.database)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(try store.account(email: "a@example.com")?.account.displayName == "A")
    }

    @Test func aFileFromANewerGenkanIsRefusedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        _ = try run("sqlite3", [directory.database, "PRAGMA user_version = 99; CREATE TABLE t(x);"])
        #expect(throws: StoreError.self) { try AccountStore(path: directory.database) }
        do {
            _ = try AccountStore(path: directory.database)
        } catch {
            #expect(error.code == .schemaTooNew)
        }
        #expect(try run("sqlite3", [directory.database, "PRAGMA user_version"]) == "99")
        #expect(try run("sqlite3", [directory.database, "SELECT count(*) FROM sqlite_master WHERE name='accounts'"]) == "0")
    }

    @Test func aFileAtVersionZeroWithTablesOfItsOwnIsMigrated() throws {
        let directory = TemporaryDirectory()
        _ = try run("sqlite3", [directory.database, "CREATE TABLE unrelated(x); INSERT INTO unrelated VALUES (1);"])
        let store = try AccountStore(path: directory.database)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(store.migrationReport == MigrationReport(fromVersion: 0, toVersion: Schema.currentVersion))
        #expect(try run("sqlite3", [directory.database, "SELECT x FROM unrelated"]) == "1")
    }

    @Test func anUnopenablePathIsAClearError() {
        do {
            _ = try AccountStore(path: "/nonexistent-directory/genkan.sqlite")
            Issue.record("opened a database in a missing directory")
        } catch {
            #expect(error.code == .database)
            #expect(error.detail.contains("/nonexistent-directory/genkan.sqlite"))
        }
    }
}
