import Foundation
import Testing
@testable import GenkanStore

/// The list of signed-in devices: what it shows, and ending sessions from it.
@Suite struct SessionListTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    @Test func theUserAgentIsKeptAndCutAt512BytesWithoutSplittingACharacter() throws {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let account = try store.createAccount(NewAccount(email: "a@example.com", displayName: "A", nameKey: "a", passwordHash: "x"))
        #expect(try store.createSession(accountID: account.id, userAgent: "  Firefox/140.0 ").session.userAgent == "Firefox/140.0")
        #expect(try store.createSession(accountID: account.id, userAgent: " \t ").session.userAgent == nil)
        #expect(try store.createSession(accountID: account.id).session.userAgent == nil)
        let exact = String(repeating: "a", count: 512)
        #expect(try store.createSession(accountID: account.id, userAgent: exact).session.userAgent == exact)
        // 511 ASCII bytes and a 3-byte character do not fit: the character goes whole.
        let long = String(repeating: "b", count: 511) + "玄関"
        let (token, session) = try store.createSession(accountID: account.id, userAgent: long)
        #expect(session.userAgent == String(repeating: "b", count: 511))
        #expect(try store.session(token: token)?.session.userAgent == session.userAgent)
        #expect(try directory.sql("SELECT max(length(CAST(user_agent AS BLOB))) FROM sessions") == "512")
        // The table itself refuses more.
        let refused = try run("sh", ["-c", "sqlite3 '\(directory.database)' \"INSERT INTO sessions VALUES (X'01', \(account.id), 0, 0, 0, 0, '\(exact)c')\" 2>&1"])
        #expect(refused.contains("CHECK constraint failed"))
    }

    @Test func theListShowsTheAccountsLiveSessionsNewestFirstWithoutSecrets() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store
        let other = try fixture.other("hanako@example.com")
        clock.advance(by: 100)
        let phone = try store.createSession(accountID: fixture.account.id, userAgent: "Phone").token
        clock.advance(by: SessionPolicy.standard.touchInterval)
        _ = try store.session(token: fixture.token)  // the laptop was seen last

        let list = try store.sessions(accountID: fixture.account.id, currentToken: phone)
        #expect(list.map(\.userAgent) == ["Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", "Phone"])
        #expect(list.map(\.isCurrent) == [false, true])
        #expect(list[0].lastSeenAt == clock.now && list[1].createdAt == clock.now - SessionPolicy.standard.touchInterval)
        #expect(list.allSatisfy { $0.authenticatedAt == $0.createdAt && $0.expiresAt == $0.createdAt + SessionPolicy.standard.lifetime })
        // A handle is the start of the stored hash: not the token, and not a way to resume it.
        let hashes = try directory.sql("SELECT lower(hex(token_hash)) FROM sessions WHERE account_id = \(fixture.account.id)").split(separator: "\n")
        for summary in list {
            #expect(summary.handle.count == 16 && hashes.contains { $0.hasPrefix(summary.handle) })
            #expect(!fixture.token.contains(summary.handle) && !phone.contains(summary.handle))
            #expect(try store.session(token: summary.handle) == nil)
        }
        #expect(Set(list.map(\.handle)).count == 2)
        #expect(try store.sessions(accountID: fixture.account.id).allSatisfy { !$0.isCurrent })
        #expect(try store.sessions(accountID: other.account.id).count == 1)
    }

    @Test func expiredIdleAndRevokedSessionsAreNotListed() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store
        clock.advance(by: SessionPolicy.standard.idleTimeout - 10)
        let fresh = try store.createSession(accountID: fixture.account.id).token
        #expect(try store.sessions(accountID: fixture.account.id).count == 2)
        clock.advance(by: 10)  // the first session has now been idle a week
        #expect(try store.sessions(accountID: fixture.account.id, currentToken: fresh).map(\.isCurrent) == [true])
        _ = try run("sqlite3", [directory.database, "UPDATE accounts SET valid_since = \(clock.now + 1)"])
        #expect(try store.sessions(accountID: fixture.account.id).isEmpty)
    }

    @Test func endingASessionByItsHandle() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store
        let phone = try store.createSession(accountID: fixture.account.id, userAgent: "Phone").token
        let other = try fixture.other("hanako@example.com")
        let phoneHandle = try #require(try store.sessions(accountID: fixture.account.id).first { $0.userAgent == "Phone" }).handle
        let othersHandle = try #require(try store.sessions(accountID: other.account.id).first).handle
        // Only the account's own sessions, and only well-formed handles.
        #expect(try !store.endSession(accountID: fixture.account.id, handle: othersHandle))
        #expect(try !store.endSession(accountID: fixture.account.id, handle: phoneHandle.uppercased()))
        #expect(try !store.endSession(accountID: fixture.account.id, handle: String(phoneHandle.dropLast())))
        #expect(try !store.endSession(accountID: fixture.account.id, handle: phone))
        #expect(try store.session(token: other.token) != nil && store.session(token: phone) != nil)
        #expect(try store.endSession(accountID: fixture.account.id, handle: phoneHandle))
        #expect(try store.session(token: phone) == nil && store.session(token: fixture.token) != nil)
        #expect(try !store.endSession(accountID: fixture.account.id, handle: phoneHandle))
    }

    @Test func signingOutEverywhereElse() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store
        let devices = try (0..<3).map { _ in try store.createSession(accountID: fixture.account.id).token }
        let other = try fixture.other("hanako@example.com")
        #expect(try store.endOtherSessions(sessionToken: fixture.token) == 3)
        #expect(try devices.allSatisfy { try store.session(token: $0) == nil })
        #expect(try store.session(token: fixture.token) != nil && store.session(token: other.token) != nil)
        #expect(try store.endOtherSessions(sessionToken: fixture.token) == 0)
        #expect(try store.endOtherSessions(sessionToken: Secret.token()) == 0)
        #expect(try store.endOtherSessions(sessionToken: devices[0]) == 0)  // an ended session ends nothing
        #expect(try store.session(token: fixture.token) != nil)
    }
}
