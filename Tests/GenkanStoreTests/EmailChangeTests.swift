import Foundation
import Synchronization
import Testing
@testable import GenkanStore

/// Changing the address (verify before update) and undoing a change from the old address.
@Suite struct EmailChangeTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    /// Asks for a change with the right password and returns the token of the mail to the new
    /// address.
    func requestChange(
        _ fixture: SignedInAccount, to newEmail: String, token sessionToken: String? = nil
    ) throws -> String {
        let request = try fixture.authenticator.requestEmailChange(
            sessionToken: sessionToken ?? fixture.token, currentPassword: SignedInAccount.password, newEmail: newEmail).get()
        #expect(request == .sent)
        let sent = try #require(fixture.mail.sent(.emailChange).last)
        #expect(sent.recipient == newEmail)
        return try #require(sent.token)
    }

    /// Confirms a change and returns the account and the token of the recovery mail.
    func confirm(_ fixture: SignedInAccount, _ code: String, in store: AccountStore? = nil) -> (Result<Account, AuthFailure>, String?) {
        let before = fixture.mail.sent(.emailChanged).count
        let core = store.map { Authenticator(store: $0, settings: fixture.authenticator.settings) } ?? fixture.authenticator
        let result = core.confirmEmailChange(code: code)
        let recoveries = fixture.mail.sent(.emailChanged)
        return (result, recoveries.count > before ? recoveries.last?.token : nil)
    }

    // MARK: Request

    @Test func aRequestMailsACodeToTheNewAddressAndChangesNothingYet() throws {
        let fixture = try SignedInAccount(directory, clock)
        clock.advance(by: 60)
        let code = try requestChange(fixture, to: "Taro@example.net")
        #expect(try fixture.store.account(id: fixture.account.id)?.email == "Taro@example.com")
        #expect(try directory.sql("SELECT recipient, account_id FROM outbox") == "Taro@example.net|\(fixture.account.id)")
        #expect(try directory.sql("SELECT purpose, email, expires_at - created_at FROM action_codes WHERE purpose = 'change-email'")
            == "change-email|Taro@example.net|259200")
        // Proving the password counts as a re-authentication.
        #expect(try fixture.store.session(token: fixture.token)?.session.authenticatedAt == clock.now)
        // A GET never uses the code.
        for _ in 0..<2 {
            let inspected = try fixture.authenticator.inspectEmailChange(code: code).get()
            #expect(inspected.email == "Taro@example.net" && inspected.account.email == "Taro@example.com")
        }
        #expect(try directory.sql("SELECT count(*) FROM action_codes WHERE consumed_at IS NOT NULL") == "0")
    }

    @Test func aWrongPasswordChangesNothing() throws {
        let fixture = try SignedInAccount(directory, clock)
        try directory.expectUnchanged {
            let result = fixture.authenticator.requestEmailChange(
                sessionToken: fixture.token, currentPassword: "wrong password", newEmail: "taro@example.net")
            #expect(result == .failure(.invalidCredential) && fixture.mail.sent(.emailChange).isEmpty)
        }
    }

    /// The page decides between `auth/email-already-in-use` and, under --private-signup, the same
    /// answer as `.sent`; either way no code and no mail exist.
    @Test func anAddressOfAnotherAccountGetsNoCodeAndNoMail() throws {
        let fixture = try SignedInAccount(directory, clock)
        _ = try fixture.other("hanako@example.com")
        try expectNoCodeAndNoMail(fixture, for: ["hanako@example.com", "HANAKO@example.com"], answer: .addressInUse)
    }

    @Test func theAccountsOwnAddressIsUnchanged() throws {
        let fixture = try SignedInAccount(directory, clock)
        try expectNoCodeAndNoMail(fixture, for: ["Taro@example.com", "taro@example.com"], answer: .unchanged)
    }

    /// A request for each of `addresses` answers `answer`, and none of them makes a code or a mail.
    func expectNoCodeAndNoMail(_ fixture: SignedInAccount, for addresses: [String], answer: EmailChangeRequest) throws {
        let codes = try directory.sql("SELECT count(*) FROM action_codes"), mail = try directory.sql("SELECT count(*) FROM outbox")
        for address in addresses {
            let result = fixture.authenticator.requestEmailChange(
                sessionToken: fixture.token, currentPassword: SignedInAccount.password, newEmail: address)
            #expect(result == .success(answer))
        }
        #expect(try directory.sql("SELECT count(*) FROM action_codes") == codes && directory.sql("SELECT count(*) FROM outbox") == mail)
    }

    @Test func anEndedSessionCannotRequestAChange() throws {
        let fixture = try SignedInAccount(directory, clock)
        try fixture.store.deleteSession(token: fixture.token)
        let result = fixture.authenticator.requestEmailChange(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password, newEmail: "taro@example.net")
        #expect(result == .failure(.userTokenExpired))
    }

    // MARK: Confirm

    @Test func openingTheLinkMovesTheAccountAndMailsTheOldAddressAnUndoLink() throws {
        let fixture = try SignedInAccount(directory, clock)
        let verification = try fixture.store.issueCode(.verifyEmail, accountID: fixture.account.id)
        let reset = try fixture.store.issueCode(.resetPassword, accountID: fixture.account.id)
        let code = try requestChange(fixture, to: "Taro@example.net")
        clock.advance(by: 3600)
        let (result, recovery) = confirm(fixture, code)
        let moved = try result.get()
        #expect(moved.email == "Taro@example.net" && moved.verifiedAt == clock.now && moved.id == fixture.account.id)
        #expect(try directory.sql("SELECT email_key FROM accounts") == "taro@example.net")
        // The recovery mail goes to the old address, with a 3-day code carrying it.
        #expect(try directory.sql("SELECT recipient, account_id FROM outbox ORDER BY id DESC LIMIT 1") == "Taro@example.com|\(fixture.account.id)")
        let recoveryCode = try #require(recovery)
        let inspected = try fixture.authenticator.inspectEmailRecovery(code: recoveryCode).get()
        #expect(inspected.email == "Taro@example.com" && inspected.expiresAt == clock.now + 3 * 86_400)
        // Sign-in follows the address; sessions stay (the owner proved the password to ask).
        let authenticator = fixture.authenticator, store = fixture.store
        #expect(try authenticator.signIn(email: "TARO@example.net", password: SignedInAccount.password).get().id == moved.id)
        #expect(authenticator.signIn(email: "taro@example.com", password: SignedInAccount.password) == .failure(.invalidCredential))
        #expect(try store.session(token: fixture.token)?.account.email == "Taro@example.net")
        // Codes sent to the old address no longer work; the change link works once.
        #expect(try store.inspectCode(verification.token, purpose: .verifyEmail) == .failure(.invalid))
        #expect(try store.inspectCode(reset.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(confirm(fixture, code).0 == .failure(.invalidActionCode))
        #expect(authenticator.inspectEmailChange(code: code) == .failure(.invalidActionCode))
    }

    /// The rule of one code per purpose: the newest request ends the older code, so only the
    /// newest link works.
    @Test func twoRequestsThenBothLinksOnlyTheNewestWorks() throws {
        let fixture = try SignedInAccount(directory, clock)
        let first = try requestChange(fixture, to: "taro@example.net")
        let second = try requestChange(fixture, to: "taro@example.org")
        let before = try dump(directory.database)
        #expect(confirm(fixture, first).0 == .failure(.invalidActionCode))
        #expect(try dump(directory.database) == before)
        #expect(try confirm(fixture, second).0.get().email == "taro@example.org")
        #expect(confirm(fixture, first).0 == .failure(.invalidActionCode))
    }

    @Test func aChangeLinkExpiresAfterThreeDays() throws {
        let fixture = try SignedInAccount(directory, clock)
        let code = try requestChange(fixture, to: "taro@example.net")
        clock.advance(by: 3 * 86_400)
        #expect(fixture.authenticator.inspectEmailChange(code: code) == .failure(.expiredActionCode))
        #expect(confirm(fixture, code).0 == .failure(.expiredActionCode))
        #expect(try fixture.store.account(id: fixture.account.id)?.email == "Taro@example.com")
    }

    /// Someone signed up with the address after the request: the link can no longer move the
    /// account there, and nothing changes (the code stays unused).
    @Test func anAddressTakenBeforeTheLinkIsOpenedIsInUse() throws {
        let fixture = try SignedInAccount(directory, clock)
        let code = try requestChange(fixture, to: "taro@example.net")
        _ = try fixture.other("TARO@example.net", name: "Other")
        let before = try dump(directory.database)
        #expect(fixture.authenticator.inspectEmailChange(code: code) == .failure(.emailAlreadyInUse))
        #expect(confirm(fixture, code).0 == .failure(.emailAlreadyInUse))
        #expect(try dump(directory.database) == before)
    }

    /// Two accounts asked for the same new address (it was free both times) and their links are
    /// opened one after the other: the first wins, the second gets `auth/email-already-in-use`.
    @Test func twoAccountsConfirmingTheSameAddressOneAfterTheOther() throws {
        let fixture = try SignedInAccount(directory, clock)
        let hanako = try fixture.other("hanako@example.com")
        let taroCode = try requestChange(fixture, to: "shared@example.net")
        let hanakoCode = try requestChange(fixture, to: "Shared@example.net", token: hanako.token)
        #expect(try confirm(fixture, taroCode).0.get().email == "shared@example.net")
        let before = try dump(directory.database)
        #expect(confirm(fixture, hanakoCode).0 == .failure(.emailAlreadyInUse))
        #expect(try dump(directory.database) == before)
        #expect(try fixture.store.account(id: hanako.account.id)?.email == "hanako@example.com")
    }

    /// The same, with both links opened at the same moment on two connections: exactly one wins.
    @Test(arguments: 0..<8)
    func twoTabsConfirmingTheSameAddressAtOnceGiveOneWinner(round: Int) throws {
        let fixture = try SignedInAccount(directory, clock)
        let hanako = try fixture.other("hanako@example.com")
        let codes = [
            try requestChange(fixture, to: "shared@example.net"),
            try requestChange(fixture, to: "shared@example.net", token: hanako.token),
        ]
        let path = directory.database, storeClock = clock.storeClock, settings = fixture.authenticator.settings
        let results = Mutex<[Int: Result<Account, AuthFailure>]>([:])
        runTogether(2) { tab in
            guard let store = try? AccountStore(path: path, clock: storeClock) else { return }
            let result = Authenticator(store: store, settings: settings).confirmEmailChange(code: codes[tab])
            results.withLock { $0[tab] = result }
        }
        let outcome = results.withLock { $0 }
        let winners = outcome.filter { (try? $0.value.get()) != nil }.map(\.key)
        try #require(winners.count == 1, "\(outcome)")
        #expect(outcome[1 - winners[0]] == .failure(.emailAlreadyInUse))
        let ids = [fixture.account.id, hanako.account.id]
        #expect(try fixture.store.account(email: "shared@example.net")?.account.id == ids[winners[0]])
        #expect(try directory.sql("SELECT count(*) FROM accounts WHERE email_key = 'shared@example.net'") == "1")
        // The loser's code is still unused and its account unchanged; one recovery code exists.
        #expect(try directory.sql("SELECT count(*) FROM action_codes WHERE purpose = 'change-email' AND consumed_at IS NULL") == "1")
        #expect(try directory.sql("SELECT count(*) FROM action_codes WHERE purpose = 'recover-email'") == "1")
        #expect(try fixture.store.account(id: ids[1 - winners[0]])?.email == ["Taro@example.com", "hanako@example.com"][1 - winners[0]])
    }

    /// Whoever asked may be why the password was changed: a password change voids a pending
    /// address change.
    @Test func aPasswordChangeVoidsAPendingAddressChange() throws {
        let fixture = try SignedInAccount(directory, clock)
        let code = try requestChange(fixture, to: "intruder@example.net")
        clock.advance(by: 10)
        _ = try fixture.authenticator.changePassword(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password, newPassword: "new password 2").get()
        #expect(fixture.authenticator.inspectEmailChange(code: code) == .failure(.invalidActionCode))
        #expect(confirm(fixture, code).0 == .failure(.invalidActionCode))
    }

    // MARK: Recover

    @Test func theUndoLinkRestoresTheOldAddressAndEndsEverySession() throws {
        let fixture = try SignedInAccount(directory, clock)
        let phone = try fixture.store.createSession(accountID: fixture.account.id).token
        let code = try requestChange(fixture, to: "intruder@example.net")
        clock.advance(by: 60)
        let recovery = try #require(confirm(fixture, code).1)
        // The intruder asks for another change before the owner reads the mail.
        let pending = try requestChange(fixture, to: "another@example.net")
        clock.advance(by: 60)
        let before = try fixture.authenticator.inspectEmailRecovery(code: recovery).get()
        #expect(before.email == "Taro@example.com" && before.account.email == "intruder@example.net")
        let restored = try fixture.authenticator.recoverEmail(code: recovery).get()
        #expect(restored.email == "Taro@example.com" && restored.validSince == clock.now && restored.verifiedAt == clock.now)
        #expect(try directory.sql("SELECT email_key FROM accounts") == "taro@example.com")
        #expect(try fixture.store.session(token: fixture.token) == nil && fixture.store.session(token: phone) == nil)
        #expect(try fixture.store.sessionCount(accountID: fixture.account.id) == 0)
        #expect(confirm(fixture, pending).0 == .failure(.invalidActionCode))
        #expect(fixture.authenticator.recoverEmail(code: recovery) == .failure(.invalidActionCode))
        #expect(try fixture.authenticator.signIn(email: "taro@example.com", password: SignedInAccount.password).get().id
            == fixture.account.id)
    }

    /// Someone took the old address meanwhile: it cannot be restored, and nothing changes.
    @Test func anOldAddressTakenSinceCannotBeRestored() throws {
        let fixture = try SignedInAccount(directory, clock)
        let recovery = try #require(confirm(fixture, try requestChange(fixture, to: "taro@example.net")).1)
        _ = try fixture.other("taro@example.com", name: "Newcomer")
        let before = try dump(directory.database)
        #expect(fixture.authenticator.inspectEmailRecovery(code: recovery) == .failure(.emailAlreadyInUse))
        #expect(fixture.authenticator.recoverEmail(code: recovery) == .failure(.emailAlreadyInUse))
        #expect(try dump(directory.database) == before)
    }

    @Test func anUndoLinkExpiresAfterThreeDays() throws {
        let fixture = try SignedInAccount(directory, clock)
        let recovery = try #require(confirm(fixture, try requestChange(fixture, to: "taro@example.net")).1)
        clock.advance(by: 3 * 86_400)
        #expect(fixture.authenticator.recoverEmail(code: recovery) == .failure(.expiredActionCode))
        #expect(try fixture.store.account(id: fixture.account.id)?.email == "taro@example.net")
    }

    /// Someone who took over the account changes the password and the address twice: the owner's
    /// undo link still works, and restoring the first address voids the undo of the later change.
    @Test func theOwnersUndoSurvivesAPasswordChangeAndALaterChange() throws {
        let fixture = try SignedInAccount(directory, clock)
        let ownersUndo = try #require(confirm(fixture, try requestChange(fixture, to: "one@intruder.example")).1)
        clock.advance(by: 10)
        let started = try fixture.authenticator.changePassword(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password, newPassword: SignedInAccount.password).get()
        clock.advance(by: 10)
        let second = try requestChange(fixture, to: "two@intruder.example", token: started.sessionToken)
        let intrudersUndo = try #require(confirm(fixture, second).1)
        #expect(try fixture.store.account(id: fixture.account.id)?.email == "two@intruder.example")
        clock.advance(by: 10)
        #expect(try fixture.authenticator.recoverEmail(code: ownersUndo).get().email == "Taro@example.com")
        #expect(fixture.authenticator.recoverEmail(code: intrudersUndo) == .failure(.invalidActionCode))
        #expect(try fixture.store.account(id: fixture.account.id)?.email == "Taro@example.com")
    }

    /// In the other order: undoing the later change first leaves the earlier undo usable.
    @Test func undoingTheLaterChangeFirstKeepsTheEarlierUndo() throws {
        let fixture = try SignedInAccount(directory, clock)
        let firstUndo = try #require(confirm(fixture, try requestChange(fixture, to: "b@example.net")).1)
        let secondUndo = try #require(confirm(fixture, try requestChange(fixture, to: "c@example.net")).1)
        #expect(try fixture.authenticator.recoverEmail(code: secondUndo).get().email == "b@example.net")
        #expect(try fixture.authenticator.recoverEmail(code: firstUndo).get().email == "Taro@example.com")
    }

    @Test func codesOfOnePurposeDoNotServeAnother() throws {
        let fixture = try SignedInAccount(directory, clock)
        let change = try requestChange(fixture, to: "taro@example.net")
        #expect(fixture.authenticator.recoverEmail(code: change) == .failure(.invalidActionCode))
        let recovery = try #require(confirm(fixture, change).1)
        #expect(confirm(fixture, recovery).0 == .failure(.invalidActionCode))
        #expect(fixture.authenticator.inspectEmailChange(code: recovery) == .failure(.invalidActionCode))
        #expect(fixture.authenticator.inspectEmailRecovery(code: "not a code") == .failure(.invalidActionCode))
    }
}
