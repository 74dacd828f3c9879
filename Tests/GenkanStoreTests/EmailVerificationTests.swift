import Foundation
import Testing
@testable import GenkanStore

@Suite struct EmailVerificationTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    /// Signs up with a verification mail and returns the account and the token it carries.
    func signUp(_ store: AccountStore, _ authenticator: Authenticator) throws -> (Account, String) {
        let account = try authenticator.signUp(
            email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: "correct horse battery").created.get()
        let sent = try #require(authenticator.recorded.sent(.verification).last)
        #expect(sent.recipient == "taro@example.com")
        return (account, try #require(sent.token))
    }

    @Test func signUpQueuesAVerificationMailWhoseCodeVerifies() throws {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let (account, code) = try signUp(store, authenticator)
        #expect(try store.dueMail(limit: 10).map(\.mail.recipient) == ["taro@example.com"])
        #expect(authenticator.inspectEmailVerification(code: code) == .success(.pending(account)))
        #expect(authenticator.inspectEmailVerification(code: code) == .success(.pending(account)))  // a GET never consumes
        clock.advance(by: 5)
        guard case .success(.verified(let verified)) = authenticator.verifyEmail(code: code) else {
            Issue.record("not verified")
            return
        }
        #expect(verified.verifiedAt == clock.now && verified.id == account.id)
        // A second use is friendly, on GET and POST alike.
        #expect(authenticator.verifyEmail(code: code) == .success(.alreadyVerified(verified)))
        #expect(authenticator.inspectEmailVerification(code: code) == .success(.alreadyVerified(verified)))
    }

    @Test func aVerifiedAccountsNewerCodeAlsoAnswersAlreadyVerified() throws {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let (account, _) = try signUp(store, authenticator)
        try store.markVerified(accountID: account.id)
        let again = try store.issueCode(.verifyEmail, accountID: account.id)
        guard case .success(.alreadyVerified) = authenticator.verifyEmail(code: again.token) else {
            Issue.record("a verified account's code did not answer already verified")
            return
        }
    }

    @Test func wrongExpiredAndReplacedCodesFail() throws {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let (account, first) = try signUp(store, authenticator)
        let second = try store.issueCode(.verifyEmail, accountID: account.id).token
        #expect(authenticator.verifyEmail(code: first) == .failure(.invalidActionCode))
        #expect(authenticator.verifyEmail(code: Secret.token()) == .failure(.invalidActionCode))
        let reset = try store.issueCode(.resetPassword, accountID: account.id).token
        #expect(authenticator.verifyEmail(code: reset) == .failure(.invalidActionCode))
        clock.advance(by: 3 * 86_400)
        #expect(authenticator.inspectEmailVerification(code: second) == .failure(.expiredActionCode))
        #expect(authenticator.verifyEmail(code: second) == .failure(.expiredActionCode))
        #expect(try store.account(id: account.id)?.isVerified == false)
    }

    @Test func aDisabledAccountCannotVerify() throws {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let (account, code) = try signUp(store, authenticator)
        try store.setDisabled(accountID: account.id, true)
        #expect(authenticator.verifyEmail(code: code) == .failure(.invalidActionCode))
    }

    /// The account, its code and its mail are one transaction: a mail that cannot be queued
    /// leaves no account behind (and the address free).
    @Test func aSignUpWhoseMailFailsLeavesNothing() throws {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        authenticator.recorded.refuseEnvelopes()
        let result = authenticator.signUp(
            email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: "correct horse battery").created
        authenticator.recorded.refuseEnvelopes(false)
        guard case .failure(.internalError(let error)) = result else {
            Issue.record("expected the store's refusal, got \(result)")
            return
        }
        #expect(error.code == .constraint)
        for table in ["accounts", "action_codes", "outbox"] {
            #expect(try run("sqlite3", [directory.database, "SELECT count(*) FROM \(table)"]) == "0")
        }
        _ = try signUp(store, authenticator)
    }
}
