import Foundation
import Testing
@testable import GenkanStore

@Suite struct AccountStoreTests {
    let directory = TemporaryDirectory()

    func newAccount(_ email: String = "taro@example.com") -> NewAccount {
        NewAccount(email: email, displayName: "山田 太郎", nameKey: "山田 太郎", passwordHash: "$argon2id$placeholder")
    }

    /// A store on `clock` under `policy`, with one account and one session of it.
    func session(under policy: SessionPolicy, clock: ManualClock) throws -> (store: AccountStore, account: Account, token: String) {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock, sessionPolicy: policy)
        let account = try store.createAccount(newAccount())
        return (store, account, try store.createSession(accountID: account.id).token)
    }

    @Test func createsAndFindsAccounts() throws {
        let store = try AccountStore(path: directory.database)
        let created = try store.createAccount(newAccount())
        #expect(created.email == "taro@example.com" && !created.isDisabled && !created.isVerified)
        let found = try #require(try store.account(email: "taro@example.com"))
        #expect(found.account == created)
        #expect(found.passwordHash == "$argon2id$placeholder")
        #expect(try store.account(id: created.id) == created)
        #expect(try store.account(email: "hanako@example.com") == nil)
    }

    @Test func anEmailIsUniqueAndTheLoserChangesNothing() throws {
        let store = try AccountStore(path: directory.database)
        _ = try store.createAccount(newAccount())
        do {
            _ = try store.createAccount(newAccount())
            Issue.record("a second account with the same e-mail was created")
        } catch {
            #expect(error.code == .constraint)
        }
        #expect(try run("sqlite3", [directory.database, "SELECT count(*) FROM accounts"]) == "1")
    }

    @Test func sessionsAreStoredAsSHA256OfTheirToken() throws {
        let store = try AccountStore(path: directory.database)
        let account = try store.createAccount(newAccount())
        let (token, _) = try store.createSession(accountID: account.id)
        let stored = try run("sqlite3", [directory.database, "SELECT lower(hex(token_hash)) FROM sessions"])
        let reference = try run("sha256sum", [], input: token).split(separator: " ").first.map(String.init)
        #expect(stored == reference)
        let file = try #require(FileManager.default.contents(atPath: directory.database))
        let wal = FileManager.default.contents(atPath: directory.database + "-wal") ?? Data()
        #expect(file.range(of: Data(token.utf8)) == nil && wal.range(of: Data(token.utf8)) == nil)
    }

    @Test func aSessionFindsItsAccountUntilSignOut() throws {
        let store = try AccountStore(path: directory.database)
        let account = try store.createAccount(newAccount())
        let (token, session) = try store.createSession(accountID: account.id)
        #expect(session.expiresAt == session.createdAt + SessionPolicy.standard.lifetime)
        #expect(try store.session(token: token)?.account == account)
        #expect(try store.session(token: token + "x") == nil)
        #expect(try store.session(token: String(repeating: "a", count: 10_000)) == nil)
        try store.deleteSession(token: token)
        #expect(try store.session(token: token) == nil)
        try store.deleteSession(token: token)  // twice is fine
    }

    /// The database holds password hashes and the CSRF key, so it and the WAL
    /// and shared-memory files SQLite creates beside it (with the database's mode) are 0600.
    @Test func theDatabaseAndItsWALFilesAreReadableByTheOwnerOnly() throws {
        let store = try AccountStore(path: directory.database)
        _ = try store.createAccount(newAccount())
        for suffix in ["", "-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.database + suffix)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            #expect(mode == 0o600, "genkan.sqlite\(suffix) has mode \(String(mode, radix: 8))")
        }
    }

    @Test func sessionsSurviveReopening() throws {
        let token: String
        do {
            let store = try AccountStore(path: directory.database)
            let account = try store.createAccount(newAccount())
            token = try store.createSession(accountID: account.id).token
        }
        let store = try AccountStore(path: directory.database)
        #expect(try store.session(token: token)?.account.email == "taro@example.com")
    }

    @Test func idleSessionsEnd() throws {
        let clock = ManualClock()
        let (store, account, token) = try session(under: SessionPolicy(lifetime: 1000, idleTimeout: 100, touchInterval: 10), clock: clock)
        clock.advance(by: 99)
        #expect(try store.session(token: token)?.session.lastSeenAt == clock.now)  // touched
        clock.advance(by: 99)
        #expect(try store.session(token: token) != nil)  // idle time counts from the touch
        clock.advance(by: 100)
        #expect(try store.session(token: token) == nil)
        #expect(try store.sessionCount(accountID: account.id) == 0)  // and it was deleted
    }

    @Test func sessionsEndAtTheirLifetimeWhateverTheActivity() throws {
        let clock = ManualClock()
        let (store, _, token) = try session(under: SessionPolicy(lifetime: 300, idleTimeout: 100, touchInterval: 10), clock: clock)
        for _ in 0..<5 {
            clock.advance(by: 50)
            #expect(try store.session(token: token) != nil)
        }
        clock.advance(by: 50)
        #expect(try store.session(token: token) == nil)
    }

    @Test func expiredSessionsAreSweptInBulk() throws {
        let clock = ManualClock()
        let policy = SessionPolicy(lifetime: 1000, idleTimeout: 100, touchInterval: 10)
        let store = try AccountStore(path: directory.database, clock: clock.storeClock, sessionPolicy: policy)
        let account = try store.createAccount(newAccount())
        for _ in 0..<3 { _ = try store.createSession(accountID: account.id) }
        clock.advance(by: 50)
        let fresh = try store.createSession(accountID: account.id).token
        clock.advance(by: 60)
        #expect(try store.deleteExpiredSessions() == 3)
        #expect(try store.session(token: fresh) != nil)
    }

    @Test func disablingEndsSessions() throws {
        let store = try AccountStore(path: directory.database)
        let account = try store.createAccount(newAccount())
        let (token, _) = try store.createSession(accountID: account.id)
        try store.setDisabled(accountID: account.id, true)
        #expect(try store.session(token: token) == nil)
        #expect(try store.account(id: account.id)?.isDisabled == true)
        try store.setDisabled(accountID: account.id, false)
        #expect(try store.account(id: account.id)?.isDisabled == false)
    }

    @Test func secretsAreStableAcrossConnectionsAndRestarts() throws {
        let first = try AccountStore(path: directory.database).secret(named: "csrf")
        let second = try AccountStore(path: directory.database).secret(named: "csrf")
        #expect(first.count == 32 && first == second)
        #expect(try AccountStore(path: directory.database).secret(named: "other") != first)
    }

    @Test func concurrentSignUpsOfOneAddressHaveExactlyOneWinner() async throws {
        let path = directory.database
        _ = try AccountStore(path: path)  // create the file first
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    guard let store = try? AccountStore(path: path) else { return false }
                    let authenticator = try? Authenticator(store: store, hasher: fastHasher)
                    let result = authenticator?.signUp(
                        email: "same@example.com", displayName: "Same", nameKey: "same", password: "pw-123456789")
                    if case .success = result { return true }
                    return false
                }
            }
            var wins = 0
            for await won in group where won { wins += 1 }
            return wins
        }
        #expect(results == 1)
        #expect(try run("sqlite3", [path, "SELECT count(*) FROM accounts"]) == "1")
    }
}
