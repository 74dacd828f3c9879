import Foundation
import Testing
@testable import GenkanStore

@Suite struct PasswordResetTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    func setUp() throws -> (AccountStore, Authenticator, Account) {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let account = try authenticator.signUp(
            email: "Taro@example.com", displayName: "Taro", nameKey: "taro", password: "old password 1", sendsVerification: false).created.get()
        return (store, authenticator, account)
    }

    /// Records a reset request, processes it as the server does, and returns the token from the
    /// queued mail.
    func requestReset(_ email: String, _ authenticator: Authenticator, _ store: AccountStore) throws -> String? {
        try store.recordResetRequest(email: email, locale: "en")
        let before = authenticator.recorded.sent(.passwordReset).count
        for request in try store.pendingResetRequests() {
            _ = try authenticator.processResetRequest(request).get()
        }
        #expect(try store.pendingResetRequests().isEmpty)
        let sent = authenticator.recorded.sent(.passwordReset)
        guard sent.count > before, let last = sent.last else { return nil }
        #expect(last.locale == "en")
        return last.token
    }

    @Test func aRecordedRequestSurvivesAReopenAndIsProcessedOnce() throws {
        let (store, authenticator, _) = try setUp()
        try store.recordResetRequest(email: "taro@example.com", locale: "ja")
        let reopened = try AccountStore(path: directory.database, clock: clock.storeClock)
        let pending = try reopened.pendingResetRequests()
        #expect(pending.map(\.email) == ["taro@example.com"] && pending.map(\.locale) == ["ja"])
        for request in pending {
            #expect(try Authenticator(store: reopened, settings: authenticator.settings).processResetRequest(request).get())
        }
        #expect(authenticator.recorded.sent(.passwordReset).map(\.locale) == ["ja"])
        #expect(try reopened.pendingResetRequests().isEmpty)
        #expect(try count("outbox") == "1" && count("reset_requests") == "0")
    }

    /// The request and the code are one transaction: a mail that cannot be queued (an envelope
    /// the outbox refuses) leaves the request for the next attempt, and no code.
    @Test func aFailedProcessingKeepsTheRequest() throws {
        let (store, authenticator, _) = try setUp()
        try store.recordResetRequest(email: "taro@example.com", locale: "en")
        let request = try #require(try store.pendingResetRequests().first)
        authenticator.recorded.refuseEnvelopes()
        let result = authenticator.processResetRequest(request)
        authenticator.recorded.refuseEnvelopes(false)
        guard case .failure(.internalError) = result else {
            Issue.record("expected the outbox to refuse an empty sender, got \(result)")
            return
        }
        #expect(try store.pendingResetRequests().count == 1)
        #expect(try count("action_codes") == "0" && count("outbox") == "0")
    }

    func count(_ table: String) throws -> String {
        try run("sqlite3", [directory.database, "SELECT count(*) FROM \(table)"])
    }

    @Test func aResetRequestForAnUnknownAddressSucceedsAndSendsNothing() throws {
        let (store, authenticator, _) = try setUp()
        #expect(try requestReset("nobody@example.com", authenticator, store) == nil)
        #expect(try count("action_codes") == "0" && count("outbox") == "0")
    }

    @Test func aResetRequestForADisabledAccountSucceedsAndSendsNothing() throws {
        let (store, authenticator, account) = try setUp()
        try store.setDisabled(accountID: account.id, true)
        #expect(try requestReset("taro@example.com", authenticator, store) == nil)
        #expect(try count("action_codes") == "0" && count("outbox") == "0")
    }

    @Test func aResetRequestMailsTheAddressAsTyped() throws {
        let (store, authenticator, _) = try setUp()
        #expect(try requestReset("TARO@example.com", authenticator, store) != nil)
        #expect(try store.dueMail(limit: 10).map(\.mail.recipient) == ["Taro@example.com"])
    }

    @Test func resettingEndsEverySessionAndSignsThisBrowserIn() throws {
        let (store, authenticator, account) = try setUp()
        let phone = try store.createSession(accountID: account.id).token
        let laptop = try store.createSession(accountID: account.id).token
        clock.advance(by: 10)
        let code = try #require(try requestReset("taro@example.com", authenticator, store))
        clock.advance(by: 10)
        let started = try authenticator.resetPassword(
            code: code, newPassword: "new password 2", renewal: .session(userAgent: "Firefox")).get()
        guard case .session(let token, let session) = started.credentials else {
            Issue.record("no session for the browser")
            return
        }
        #expect(started.account.id == account.id && started.account.validSince == clock.now)
        #expect(try store.session(token: phone) == nil && store.session(token: laptop) == nil)
        #expect(try store.session(token: token)?.account.id == account.id)
        #expect(session.authenticatedAt == clock.now && session.userAgent == "Firefox")
        #expect(try store.sessionCount(accountID: account.id) == 1)
        #expect(authenticator.signIn(email: "taro@example.com", password: "old password 1") == .failure(.invalidCredential))
        #expect(try authenticator.signIn(email: "taro@example.com", password: "new password 2").get().id == account.id)
        #expect(try store.dueMail(limit: 10).count == 2)  // the link and the notice
    }

    /// A session created before `valid_since` that the reset's delete did not see (another
    /// server's, a row restored from a backup) is refused and deleted at its next look-up.
    static let sessionColumns = "token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at"

    @Test func aSessionOlderThanValidSinceIsInvalid() throws {
        let (store, authenticator, account) = try setUp()
        let code = try #require(try requestReset("taro@example.com", authenticator, store))
        clock.advance(by: 100)
        _ = try authenticator.resetPassword(code: code, newPassword: "new password 2", renewal: .session(userAgent: nil)).get()
        let stale = Secret.token()
        let hash = Secret.hex(AccountStore.sessionKey(token: stale))
        let created = clock.now - 1
        _ = try run("sqlite3", [
            directory.database,
            "INSERT INTO sessions (\(Self.sessionColumns)) VALUES (X'\(hash)', \(account.id), \(created), \(created), \(created), \(created + 86_400))",
        ])
        #expect(try store.sessionCount(accountID: account.id) == 2)
        #expect(try store.session(token: stale) == nil)
        #expect(try store.sessionCount(accountID: account.id) == 1)
        // The sweep finds such rows too.
        _ = try run("sqlite3", [
            directory.database,
            "INSERT INTO sessions (\(Self.sessionColumns)) VALUES (X'\(hash)', \(account.id), \(created), \(created), \(created), \(created + 86_400))",
        ])
        #expect(try store.deleteExpiredSessions() == 1)
    }

    @Test func aResetCodeWorksOnce() throws {
        let (store, authenticator, _) = try setUp()
        let code = try #require(try requestReset("taro@example.com", authenticator, store))
        _ = try authenticator.resetPassword(code: code, newPassword: "new password 2", renewal: .none).get()
        #expect(throws: AuthFailure.invalidActionCode) {
            try authenticator.resetPassword(code: code, newPassword: "new password 3", renewal: .none).get()
        }
        #expect(try authenticator.signIn(email: "taro@example.com", password: "new password 2").get().email == "Taro@example.com")
    }

    @Test func anExpiredOrReplacedResetCodeChangesNothing() throws {
        let (store, authenticator, account) = try setUp()
        let session = try store.createSession(accountID: account.id).token
        let first = try #require(try requestReset("taro@example.com", authenticator, store))
        let second = try #require(try requestReset("taro@example.com", authenticator, store))
        #expect(throws: AuthFailure.invalidActionCode) {
            try authenticator.resetPassword(code: first, newPassword: "new password 2", renewal: .none).get()
        }
        clock.advance(by: 3600)
        #expect(throws: AuthFailure.expiredActionCode) {
            try authenticator.resetPassword(code: second, newPassword: "new password 2", renewal: .none).get()
        }
        #expect(try store.session(token: session) != nil)
        #expect(try store.account(id: account.id)?.validSince == nil)
        #expect(try authenticator.signIn(email: "taro@example.com", password: "old password 1").get().id == account.id)
    }

    @Test func aVerificationCodeCannotResetAPassword() throws {
        let (store, authenticator, account) = try setUp()
        let verification = try store.issueCode(.verifyEmail, accountID: account.id)
        #expect(throws: AuthFailure.invalidActionCode) {
            try authenticator.resetPassword(code: verification.token, newPassword: "new password 2", renewal: .none).get()
        }
    }

    @Test func sessionsRecordWhenTheyLastProvedThePassword() throws {
        let (store, _, account) = try setUp()
        let (token, session) = try store.createSession(accountID: account.id)
        #expect(session.authenticatedAt == session.createdAt)
        clock.advance(by: 500)
        #expect(try store.session(token: token)?.session.authenticatedAt == session.createdAt)
        #expect(try store.refreshAuthentication(token: token))
        #expect(try store.session(token: token)?.session.authenticatedAt == clock.now)
        #expect(try !store.refreshAuthentication(token: Secret.token()))
    }
}
