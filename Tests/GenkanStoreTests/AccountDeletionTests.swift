import Foundation
import Testing
@testable import GenkanStore

@Suite struct AccountDeletionTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    /// Everything of the account goes in one transaction; another account's rows stay.
    @Test func deletingRemovesTheAccountAndEverythingAboutIt() throws {
        let fixture = try SignedInAccount(directory, clock)
        let hanako = try fixture.other("hanako@example.com")
        let store = fixture.store
        _ = try store.createSession(accountID: fixture.account.id)
        _ = try store.issueCode(.verifyEmail, accountID: fixture.account.id) { testMail(to: "Taro@example.com", token: $0) }
        _ = try store.issueCode(.changeEmail, accountID: fixture.account.id, email: "taro@example.net") {
            testMail(to: "taro@example.net", token: $0)
        }
        _ = try store.issueCode(.verifyEmail, accountID: hanako.account.id) { testMail(to: "hanako@example.com", token: $0) }
        try store.recordResetRequest(email: "TARO@example.com", locale: "ja")  // the address in another case
        try store.recordResetRequest(email: "hanako@example.com", locale: "en")
        try store.enqueueMail(testMail(to: "admin@example.com", token: "unrelated"))
        let given = try store.enqueueMail(testMail(to: "Taro@example.com", token: "bounced"), accountID: fixture.account.id)
        try store.giveUp(id: given, error: "550 no such user")

        let deleted = try fixture.authenticator.deleteAccount(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password).get()
        #expect(deleted == fixture.account)
        #expect(try store.account(id: fixture.account.id) == nil)
        #expect(try directory.sql("SELECT count(*) FROM sessions WHERE account_id = \(fixture.account.id)") == "0")
        #expect(try directory.sql("SELECT count(*) FROM action_codes WHERE account_id = \(fixture.account.id)") == "0")
        #expect(try directory.sql("SELECT email FROM reset_requests") == "hanako@example.com")
        // Left: Hanako's verification, the unrelated message and the goodbye, which is about no account.
        #expect(try directory.sql("SELECT recipient, coalesce(account_id, '-') FROM outbox ORDER BY id") == """
            hanako@example.com|\(hanako.account.id)
            admin@example.com|-
            Taro@example.com|-
            """)
        #expect(try directory.sql("SELECT count(*) FROM outbox WHERE CAST(message AS TEXT) LIKE '%code=goodbye%'") == "1")
        #expect(try store.session(token: hanako.token)?.account.id == hanako.account.id)
        #expect(try directory.sql("PRAGMA foreign_key_check") == "")
    }

    @Test func theAddressCanSignUpAgain() throws {
        let fixture = try SignedInAccount(directory, clock)
        _ = try fixture.authenticator.deleteAccount(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password).get()
        let authenticator = fixture.authenticator
        #expect(authenticator.signIn(email: "taro@example.com", password: SignedInAccount.password) == .failure(.invalidCredential))
        let again = try authenticator.signUp(
            email: "taro@example.com", displayName: "Taro again", nameKey: "taro again", password: "another password 2").created.get()
        #expect(again.id != fixture.account.id && !again.isVerified)
        #expect(authenticator.signIn(email: "Taro@example.com", password: SignedInAccount.password) == .failure(.invalidCredential))
        #expect(try authenticator.signIn(email: "Taro@example.com", password: "another password 2").get().id == again.id)
    }

    @Test func aWrongPasswordDeletesNothing() throws {
        let fixture = try SignedInAccount(directory, clock)
        try fixture.store.recordResetRequest(email: "taro@example.com", locale: "en")
        let before = try dump(directory.database)
        let result = fixture.authenticator.deleteAccount(
            sessionToken: fixture.token, currentPassword: "wrong password")
        #expect(result == .failure(.invalidCredential) && fixture.mail.sent(.goodbye).isEmpty)
        #expect(try dump(directory.database) == before)
    }

    /// Another device of the account is in the middle of a request (its session was looked up
    /// before the deletion): everything it does next finds nothing.
    @Test func anotherSessionMidRequestFindsNothingAfterwards() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store, authenticator = fixture.authenticator
        let phone = try store.createSession(accountID: fixture.account.id, userAgent: "Phone").token
        let seen = try #require(try store.session(token: phone))  // the phone's request has started
        _ = try authenticator.deleteAccount(sessionToken: fixture.token, currentPassword: SignedInAccount.password).get()

        #expect(authenticator.rename(.administrator(accountID: seen.account.id), displayName: "X", nameKey: "x") == .failure(.userNotFound))
        #expect(authenticator.reauthenticate(sessionToken: phone, password: SignedInAccount.password) == .failure(.userTokenExpired))
        #expect(
            authenticator.changePassword(
                sessionToken: phone, currentPassword: SignedInAccount.password, newPassword: "new password 2")
                == .failure(.userTokenExpired))
        #expect(
            authenticator.requestEmailChange(
                sessionToken: phone, currentPassword: SignedInAccount.password, newEmail: "x@example.net")
                == .failure(.userTokenExpired))
        #expect(
            authenticator.deleteAccount(sessionToken: phone, currentPassword: SignedInAccount.password)
                == .failure(.userTokenExpired))
        #expect(try store.sessions(accountID: seen.account.id, currentToken: phone).isEmpty)
        #expect(try store.endOtherSessions(sessionToken: phone) == 0)
        #expect(try store.session(token: phone) == nil)
        #expect(try directory.sql("SELECT count(*) FROM accounts") == "0")
        // Ids are never reused: a request still holding the old id cannot reach a new account.
        let newcomer = try authenticator.signUp(
            email: "someone@example.com", displayName: "Someone", nameKey: "someone", password: "their password 1").created.get()
        #expect(newcomer.id > seen.account.id)
        #expect(authenticator.rename(.administrator(accountID: seen.account.id), displayName: "X", nameKey: "x") == .failure(.userNotFound))
        #expect(try store.account(id: newcomer.id)?.displayName == "Someone")
    }

    /// A link mailed before the deletion (verification, reset, change, undo) no longer works.
    @Test func codesMailedBeforeTheDeletionNoLongerWork() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store
        let verification = try store.issueCode(.verifyEmail, accountID: fixture.account.id)
        let change = try store.issueCode(.changeEmail, accountID: fixture.account.id, email: "taro@example.net")
        _ = try fixture.authenticator.deleteAccount(sessionToken: fixture.token, currentPassword: SignedInAccount.password).get()
        #expect(fixture.authenticator.verifyEmail(code: verification.token) == .failure(.invalidActionCode))
        #expect(fixture.authenticator.inspectEmailChange(code: change.token) == .failure(.invalidActionCode))
        #expect(fixture.authenticator.confirmEmailChange(code: change.token) == .failure(.invalidActionCode))
    }

    /// A reset request recorded before the deletion and processed after it reaches nobody, not
    /// even a new account with the same address.
    @Test func aPendingResetRequestDoesNotReachTheNextOwnerOfTheAddress() throws {
        let fixture = try SignedInAccount(directory, clock)
        let store = fixture.store, authenticator = fixture.authenticator
        try store.recordResetRequest(email: "taro@example.com", locale: "en")
        _ = try authenticator.deleteAccount(sessionToken: fixture.token, currentPassword: SignedInAccount.password).get()
        _ = try authenticator.signUp(email: "taro@example.com", displayName: "New", nameKey: "new", password: "new owner 1").created.get()
        #expect(try store.pendingResetRequests().isEmpty)
    }

    /// The store's own deletion, for operators: the same rows, no password.
    @Test func theStoreDeletesAnAccountById() throws {
        let fixture = try SignedInAccount(directory, clock)
        #expect(try fixture.store.deleteAccount(id: fixture.account.id) == fixture.account)
        #expect(try fixture.store.deleteAccount(id: fixture.account.id) == nil)
        #expect(try directory.sql("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM sessions) + (SELECT count(*) FROM outbox)") == "0")
    }
}
