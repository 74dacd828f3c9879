import Foundation
import Testing
@testable import GenkanStore

/// Opening files written by Genkan's first schema, built here with the sqlite3 tool from that
/// schema's own SQL (`Schema.script(through: 1, …)`, not through `Schema.migrate`, which would hide
/// a mistake in the migration list).
@Suite struct MigrationTests {
    let directory = TemporaryDirectory()

    /// Schema version 1 as shipped.
    static let version1 = Schema.script(through: 1, for: .sqlite) + "\nPRAGMA user_version = 1;\n"

    /// Accounts of a version-1 file, two groups of which differ only by case: ids are not in
    /// creation order, and two accounts share a creation time.
    static let accounts = """
        INSERT INTO accounts VALUES (1, 'hanako@example.com', 'Hanako', 'hanako', 'hash-1', 100, 150, NULL);
        INSERT INTO accounts VALUES (2, 'TARO@example.com', 'Taro 2', 'taro 2', 'hash-2', 300, NULL, NULL);
        INSERT INTO accounts VALUES (3, 'taro@example.com', 'Taro 3', 'taro 3', 'hash-3', 200, NULL, 250);
        INSERT INTO accounts VALUES (5, 'École@exemple.fr', 'E 5', 'e 5', 'hash-5', 400, NULL, NULL);
        INSERT INTO accounts VALUES (4, 'ÉCOLE@exemple.fr', 'E 4', 'e 4', 'hash-4', 400, 410, NULL);
        INSERT INTO accounts VALUES (6, 'Taro@example.com', 'Taro 6', 'taro 6', 'hash-6', 500, NULL, NULL);
        INSERT INTO sessions VALUES (X'01', 2, 1000, 1001, 9000);
        INSERT INTO sessions VALUES (X'02', 3, 1100, 1101, 9100);
        INSERT INTO secrets VALUES ('csrf', X'00112233');
        """

    func makeVersion1File(_ extra: String = "") throws {
        _ = try run("sqlite3", [directory.database, Self.version1 + Self.accounts + extra])
        #expect(try sql("PRAGMA user_version") == "1")
    }

    func sql(_ query: String) throws -> String {
        try run("sqlite3", [directory.database, query])
    }

    @Test func collisionsKeepTheOlderAccountAndReportTheOthers() throws {
        try makeVersion1File()
        var logged: [String] = []
        let store = try AccountStore(path: directory.database, clock: ManualClock().storeClock) { logged.append($0) }
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(store.migrationReport.fromVersion == 1 && store.migrationReport.toVersion == Schema.currentVersion)
        // taro: 3 (created 200) is older than 2 (300) and 6 (500); école: 4 and 5 share a time, 4 has the smaller id.
        #expect(
            store.migrationReport.emailCollisions == [
                EmailKeyCollision(accountID: 2, keptAccountID: 3),
                EmailKeyCollision(accountID: 5, keptAccountID: 4),
                EmailKeyCollision(accountID: 6, keptAccountID: 3),
            ])
        #expect(logged == store.migrationReport.lines)
        try #require(logged.count == 3)
        #expect(logged[0].contains("account 2 ") && logged[0].contains("account 3 "))
        #expect(!logged.joined().contains("hash-") && !logged.joined().contains("@"))

        #expect(try sql("SELECT id, email_key FROM accounts ORDER BY id") == """
            1|hanako@example.com
            2|
            3|taro@example.com
            4|école@exemple.fr
            5|
            6|
            """)
        // Look-ups by any spelling find the older account; the others are reached by id only.
        #expect(try store.account(email: "TARO@example.com")?.account.id == 3)
        #expect(try store.account(email: "école@exemple.fr")?.account.id == 4)
        #expect(try store.account(id: 2)?.email == "TARO@example.com")
    }

    @Test func everyColumnIdSessionAndSecretSurvives() throws {
        try makeVersion1File()
        let columns = "id, email, display_name, name_key, password_hash, created_at, verified_at, disabled_at"
        let before = try sql("SELECT \(columns) FROM accounts ORDER BY id")
        let sessions = try sql("SELECT hex(token_hash), account_id, created_at, last_seen_at, expires_at FROM sessions ORDER BY 1")
        _ = try AccountStore(path: directory.database) { _ in }
        #expect(try sql("SELECT \(columns) FROM accounts ORDER BY id") == before)
        #expect(try sql("SELECT hex(token_hash), account_id, created_at, last_seen_at, expires_at FROM sessions ORDER BY 1") == sessions)
        #expect(try sql("SELECT hex(token_hash), authenticated_at FROM sessions ORDER BY 1") == "01|1000\n02|1100")
        #expect(try sql("SELECT count(*) FROM accounts WHERE valid_since IS NOT NULL") == "0")
        #expect(try sql("SELECT count(*) FROM accounts WHERE failed_sign_ins <> 0") == "0")
        #expect(try sql("SELECT count(*) FROM rate_limits") == "0")
        #expect(try sql("SELECT name, hex(value) FROM secrets") == "csrf|00112233")
        #expect(try sql("PRAGMA integrity_check") == "ok")
        #expect(try sql("PRAGMA foreign_key_check") == "")
    }

    @Test func theRebuiltTablesKeepTheirForeignKeyAndLoseTheUniqueAddress() throws {
        try makeVersion1File()
        let store = try AccountStore(path: directory.database) { _ in }
        let accountsSQL = try sql("SELECT sql FROM sqlite_master WHERE name = 'accounts'")
        // Unique: the uid (migration 5), not the address as typed (its key has a unique index).
        #expect(!accountsSQL.contains("email TEXT NOT NULL UNIQUE") && accountsSQL.contains("uid TEXT NOT NULL UNIQUE"))
        #expect(!accountsSQL.contains("accounts_v"))
        #expect(try sql("SELECT sql FROM sqlite_master WHERE name = 'sessions'").contains("REFERENCES accounts(id) ON DELETE CASCADE"))
        #expect(try sql("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name") == """
            accounts_anonymous
            accounts_by_email_key
            action_codes_by_account
            emulator_codes_by_account
            events_time
            events_uid
            outbox_by_account
            outbox_due
            passkey_challenges_by_binding
            passkey_challenges_by_expiry
            passkeys_by_account
            pending_second_steps_by_account
            pending_second_steps_by_expiry
            provider_authorizations_by_expiry
            rate_limits_expiry
            refresh_tokens_by_account
            reset_requests_by_email_key
            sessions_by_account
            sign_in_codes_by_email_key
            totp_enrollments_by_expiry
            webhook_deliveries_due
            webhook_deliveries_event
            webhook_deliveries_open
            """)
        // The cascade still works on the store's connection (foreign keys back on after migrating).
        #expect(try store.sessionCount(accountID: 3) == 1)
        _ = try sql("PRAGMA foreign_keys = ON; DELETE FROM accounts WHERE id = 3")
        #expect(try store.sessionCount(accountID: 3) == 0)
        // And the address as typed can no longer be inserted twice by its key.
        #expect(throws: StoreError.self) {
            try store.createAccount(NewAccount(email: "HANAKO@example.com", displayName: "H", nameKey: "h", passwordHash: "x"))
        }
    }

    @Test func theLaterAccountsCannotSignInWithTheirOwnOrTheOlderSpelling() throws {
        try makeVersion1File()
        let hasher = fastHasher
        let passwordHash = try hasher.hash("the loser's password")
        _ = try sql("UPDATE accounts SET password_hash = '\(passwordHash)' WHERE id = 2")
        let store = try AccountStore(path: directory.database) { _ in }
        let authenticator = try Authenticator(store: store, hasher: hasher, mail: RecordingMail())
        for spelling in ["TARO@example.com", "taro@example.com", "Taro@example.com"] {
            #expect(authenticator.signIn(email: spelling, password: "the loser's password") == .failure(.invalidCredential))
        }
        // Nothing else about the later account changed: it is not disabled, and its session lives.
        let loser = try #require(try store.account(id: 2))
        #expect(!loser.isDisabled && loser.displayName == "Taro 2")
        #expect(try store.sessionCount(accountID: 2) == 1)
        // A password reset for the address reaches the older account only (enabled for this: the
        // fixture's account 3 is disabled, and a disabled account gets no reset either).
        try store.setDisabled(accountID: 3, false)
        try store.recordResetRequest(email: "TARO@example.com", locale: "en")
        for request in try store.pendingResetRequests() {
            _ = try authenticator.processResetRequest(request).get()
        }
        let reset = try #require(authenticator.recorded.token(.passwordReset))
        #expect(try store.inspectCode(reset, purpose: .resetPassword).map(\.account.id) == .success(3))
    }

    /// What the account settings need: the browser of a session (unknown for migrated ones), the
    /// account a queued mail is about, the key of a reset request's address, recovery codes.
    @Test func version2HasTheColumnsTheAccountSettingsNeed() throws {
        try makeVersion1File()
        _ = try AccountStore(path: directory.database) { _ in }
        #expect(try sql("SELECT hex(token_hash), coalesce(user_agent, 'none') FROM sessions ORDER BY 1") == "01|none\n02|none")
        #expect(try sql("SELECT name FROM pragma_table_info('outbox') WHERE name = 'account_id'") == "account_id")
        #expect(try sql("SELECT \"notnull\" FROM pragma_table_info('reset_requests') WHERE name = 'email_key'") == "1")
        let insert = "INSERT INTO action_codes (code_hash, account_id, purpose, email, created_at, expires_at) VALUES"
        _ = try sql("\(insert) (X'01', 1, 'recover-email', 'hanako@example.com', 0, 1)")
        #expect(try sql("SELECT id, purpose FROM action_codes") == "1|recover-email")
        let refused = try run("sh", ["-c", "sqlite3 '\(directory.database)' \"\(insert) (X'02', 1, 'sign-in', 'x', 0, 1)\" 2>&1"])
        #expect(refused.contains("CHECK constraint failed"))
        // A message about an account goes with it; others stay.
        _ = try sql("""
            INSERT INTO outbox (sender, recipient, message, created_at, next_attempt_at, account_id)
                VALUES ('s@example.com', 'hanako@example.com', X'00', 0, 0, 1), ('s@example.com', 'x@example.com', X'00', 0, 0, NULL);
            """)
        _ = try sql("PRAGMA foreign_keys = ON; DELETE FROM accounts WHERE id = 1")
        #expect(try sql("SELECT recipient FROM outbox") == "x@example.com")
    }

    @Test func reopeningMigratesNothingAndReportsNothing() throws {
        try makeVersion1File()
        _ = try AccountStore(path: directory.database) { _ in }
        var logged: [String] = []
        let again = try AccountStore(path: directory.database) { logged.append($0) }
        #expect(again.migrationReport == MigrationReport(fromVersion: Schema.currentVersion, toVersion: Schema.currentVersion) && logged.isEmpty)
    }

    /// Migration 2 is one transaction: when a step fails, the file stays a whole version-1 file.
    @Test func aFailedMigrationLeavesTheVersion1FileAsItWas() throws {
        try makeVersion1File("CREATE TABLE outbox (x);")
        let before = try sql(".dump")
        do {
            _ = try AccountStore(path: directory.database) { _ in }
            Issue.record("migrated over a table in the way")
        } catch {
            #expect(error.code == .database && error.detail.contains("outbox"))
        }
        #expect(try sql("PRAGMA user_version") == "1")
        #expect(try sql(".dump") == before)
    }

    /// Migration 3: Google identities stored under both spellings of its issuer become one; where
    /// both name the same person (or one account has one of each), the older link stays.
    @Test func googlesTwoIssuerSpellingsBecomeOneIdentity() throws {
        let store = try AccountStore(path: directory.database) { _ in }
        let ids = try ["a@example.com", "b@example.com", "c@example.com"].map { email in
            try store.createAccount(NewAccount(email: email, displayName: "N", nameKey: "n", passwordHash: nil)).id
        }
        // Stored as migration 2 left them: the token's spelling.
        _ = try sql("""
            INSERT INTO provider_identities (account_id, provider, issuer, subject, created_at) VALUES
                (\(ids[0]), 'google', 'accounts.google.com', 'same-person', 10),
                (\(ids[1]), 'google', 'https://accounts.google.com', 'same-person', 20),
                (\(ids[2]), 'google', 'https://accounts.google.com', 'first', 30),
                (\(ids[2]), 'google', 'accounts.google.com', 'second', 40),
                (\(ids[1]), 'corp', 'https://login.example.com', 'x', 50);
            -- What migration 5 added goes (its rebuild of accounts runs again on any columns).
            ALTER TABLE refresh_tokens DROP COLUMN claims;
            ALTER TABLE reset_requests DROP COLUMN kind;
            DROP TABLE sign_in_codes;
            DROP TABLE emulator_codes;  -- migration 4
            DROP TABLE passkey_challenges; DROP TABLE passkeys; DROP TABLE passkey_users;  -- migration 6
            DROP TABLE totp_enrollments; DROP TABLE pending_second_steps; DROP TABLE recovery_codes; DROP TABLE second_factors;  -- migration 9
            DROP TABLE webhook_deliveries; DROP TABLE events;  -- migration 8
            PRAGMA user_version = 2;
            """)
        let migrated = try AccountStore(path: directory.database) { _ in }
        #expect(migrated.migrationReport.fromVersion == 2 && migrated.migrationReport.toVersion == Schema.currentVersion)
        #expect(try sql("SELECT account_id, issuer, subject FROM provider_identities ORDER BY id") == """
            \(ids[0])|https://accounts.google.com|same-person
            \(ids[2])|https://accounts.google.com|first
            \(ids[1])|https://login.example.com|x
            """)
        #expect(try migrated.account(issuer: "https://accounts.google.com", subject: "same-person")?.id == ids[0])
    }

    /// Migration 5: every account keeps its id, and its uid is that id in decimal (what its ID
    /// tokens already said); the address stays as it was, new accounts get random uids and ids
    /// after every id given before.
    @Test func existingAccountsKeepTheirIdsAsUIDs() throws {
        try makeVersion1File()
        let store = try AccountStore(path: directory.database) { _ in }
        #expect(try sql("SELECT id || '=' || uid FROM accounts ORDER BY id") == "1=1\n2=2\n3=3\n4=4\n5=5\n6=6")
        #expect(try sql("SELECT count(*) FROM accounts WHERE email IS NULL OR is_anonymous <> 0 OR custom_claims IS NOT NULL") == "0")
        #expect(try store.account(uid: "3")?.email == "taro@example.com")
        #expect(try store.account(uid: "03") == nil)
        let new = try store.createAccount(NewAccount(email: "new@example.com", displayName: "N", nameKey: "n", passwordHash: nil))
        #expect(new.id == 7 && new.uid.utf8.count == 28 && new.uid.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(try sql("SELECT kind FROM reset_requests") == "")
        #expect(try sql("PRAGMA integrity_check") == "ok")
        #expect(try sql("PRAGMA foreign_key_check") == "")
    }

    /// Migration 6: a version-5 file gains the passkey tables and keeps what it had; a passkey's
    /// credential id is unique across accounts and goes with its account.
    @Test func version5GainsPasskeys() throws {
        let store = try AccountStore(path: directory.database) { _ in }
        let id = try store.createAccount(NewAccount(email: "a@example.com", displayName: "N", nameKey: "n", passwordHash: "$x")).id
        _ = try sql(
            "DROP TABLE passkey_challenges; DROP TABLE passkeys; DROP TABLE passkey_users; "
                + "ALTER TABLE accounts DROP COLUMN credentials_trusted_since; "
                + "DROP TABLE totp_enrollments; DROP TABLE pending_second_steps; DROP TABLE recovery_codes; DROP TABLE second_factors; "
                + "DROP TABLE webhook_deliveries; DROP TABLE events; ALTER TABLE accounts DROP COLUMN admin_since; PRAGMA user_version = 5;")
        let migrated = try AccountStore(path: directory.database) { _ in }
        #expect(migrated.migrationReport.fromVersion == 5 && migrated.migrationReport.toVersion == Schema.currentVersion)
        #expect(try migrated.account(email: "a@example.com")?.account.id == id)
        let passkey = Passkey(
            accountID: id, credentialID: [1], publicKey: [2], signCount: 0, backupEligible: false, backedUp: false,
            aaguid: [UInt8](repeating: 0, count: 16), transports: [], name: "Key", createdAt: 1)
        try migrated.storage.insertPasskey(passkey)
        #expect(throws: StoreError.self) { try migrated.storage.insertPasskey(passkey) }
        #expect(throws: StoreError.self) {
            try migrated.storage.insertPasskey(
                Passkey(
                    accountID: id, credentialID: [3], publicKey: [2], signCount: 0, backupEligible: false, backedUp: false,
                    aaguid: [1], transports: [], name: "Short AAGUID", createdAt: 1))
        }
        _ = try migrated.deleteAccount(id: id)
        #expect(try sql("SELECT count(*) FROM passkeys") == "0")
        #expect(try sql("PRAGMA foreign_key_check") == "")
    }
}
