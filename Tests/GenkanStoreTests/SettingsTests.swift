import Foundation
import Synchronization
import Testing
@testable import GenkanStore

/// Renaming, re-authentication and password changes of a signed-in account.
@Suite struct SettingsTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    // MARK: Rename

    @Test func renamingStoresTheNameAndItsKey() throws {
        let fixture = try SignedInAccount(directory, clock)
        let renamed = try fixture.authenticator.rename(
            .session(token: fixture.token), displayName: "Tarō Yamada", nameKey: "tarō yamada").get()
        #expect(renamed.displayName == "Tarō Yamada" && renamed.nameKey == "tarō yamada" && renamed.email == "Taro@example.com")
        #expect(try fixture.store.account(id: fixture.account.id) == renamed)
        #expect(try fixture.store.session(token: fixture.token)?.account.displayName == "Tarō Yamada")
    }

    @Test func renamingAMissingOrDisabledAccountFails() throws {
        let fixture = try SignedInAccount(directory, clock)
        #expect(fixture.authenticator.rename(.administrator(accountID: 999), displayName: "X", nameKey: "x") == .failure(.userNotFound))
        try fixture.store.setDisabled(accountID: fixture.account.id, true)
        let before = try dump(directory.database)
        #expect(
            fixture.authenticator.rename(.idToken(accountID: fixture.account.id, issuedAt: clock.now), displayName: "X", nameKey: "x")
                == .failure(.userDisabled))
        #expect(try dump(directory.database) == before)
        #expect(AuthFailure.userNotFound.code.rawValue == "auth/user-not-found")
    }

    // MARK: Re-authentication

    @Test func reauthenticatingRecordsTheTimeInTheSession() throws {
        let fixture = try SignedInAccount(directory, clock)
        let created = clock.now
        clock.advance(by: 600)
        let account = try fixture.authenticator.reauthenticate(
            sessionToken: fixture.token, password: SignedInAccount.password).get()
        #expect(account.id == fixture.account.id)
        let session = try #require(try fixture.store.session(token: fixture.token)).session
        #expect(session.authenticatedAt == clock.now && session.createdAt == created)
    }

    @Test func aWrongPasswordChangesNothing() throws {
        let fixture = try SignedInAccount(directory, clock)
        clock.advance(by: 600)
        let before = try dump(directory.database)
        #expect(
            fixture.authenticator.reauthenticate(sessionToken: fixture.token, password: "wrong password")
                == .failure(.invalidCredential))
        #expect(try dump(directory.database) == before)
        // The failure is the sign-in credential error, which the pages localize as such.
        #expect(AuthFailure.invalidCredential.code.rawValue == "auth/invalid-credential")
    }

    @Test func aSessionThatEndedCannotReauthenticate() throws {
        let fixture = try SignedInAccount(directory, clock)
        try fixture.store.deleteSession(token: fixture.token)
        #expect(
            fixture.authenticator.reauthenticate(sessionToken: fixture.token, password: SignedInAccount.password)
                == .failure(.userTokenExpired))
        #expect(
            fixture.authenticator.reauthenticate(sessionToken: Secret.token(), password: SignedInAccount.password)
                == .failure(.userTokenExpired))
        #expect(AuthFailure.userTokenExpired.code.rawValue == "auth/user-token-expired")
    }

    @Test func anIdleSessionCannotReauthenticate() throws {
        let fixture = try SignedInAccount(directory, clock)
        clock.advance(by: SessionPolicy.standard.idleTimeout)
        #expect(
            fixture.authenticator.reauthenticate(sessionToken: fixture.token, password: SignedInAccount.password)
                == .failure(.userTokenExpired))
        #expect(try fixture.store.sessionCount(accountID: fixture.account.id) == 0)
    }

    /// As at sign-in: a disabled account is told so only after its password was right.
    @Test func aDisabledAccountIsReportedOnlyAfterTheRightPassword() throws {
        let fixture = try SignedInAccount(directory, clock)
        // Disabled by another server or by hand: its session row is still there.
        _ = try run("sqlite3", [directory.database, "UPDATE accounts SET disabled_at = 1 WHERE id = \(fixture.account.id)"])
        #expect(
            fixture.authenticator.reauthenticate(sessionToken: fixture.token, password: "wrong password")
                == .failure(.invalidCredential))
        #expect(
            fixture.authenticator.reauthenticate(sessionToken: fixture.token, password: SignedInAccount.password)
                == .failure(.userDisabled))
    }

    @Test func reauthenticatingUpgradesAnOlderHash() throws {
        let fixture = try SignedInAccount(directory, clock)
        let stronger = try Authenticator(store: fixture.store, hasher: PasswordHasher(operations: 2, memory: 16 * 1024))
        let before = try run("sqlite3", [directory.database, "SELECT password_hash FROM accounts"])
        #expect(stronger.reauthenticate(sessionToken: fixture.token, password: "wrong") == .failure(.invalidCredential))
        #expect(try run("sqlite3", [directory.database, "SELECT password_hash FROM accounts"]) == before)
        _ = try stronger.reauthenticate(sessionToken: fixture.token, password: SignedInAccount.password).get()
        let after = try run("sqlite3", [directory.database, "SELECT password_hash FROM accounts"])
        #expect(after != before && !stronger.hasher.needsRehash(after))
        #expect(stronger.hasher.verify(SignedInAccount.password, against: after))
    }

    // MARK: Password change

    /// Another device is signed in: its session is gone, this one is rotated.
    @Test func changingThePasswordEndsEverySessionAndRotatesThisOne() throws {
        let fixture = try SignedInAccount(directory, clock)
        let phone = try fixture.store.createSession(accountID: fixture.account.id, userAgent: "Phone").token
        clock.advance(by: 100)
        let started = try fixture.authenticator.changePassword(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password, newPassword: "new password 2",
            userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0").get()
        let token = try #require(started.sessionToken)
        #expect(token != fixture.token)
        #expect(try fixture.store.session(token: phone) == nil)
        #expect(try fixture.store.session(token: fixture.token) == nil)
        let rotated = try #require(try fixture.store.session(token: token))
        #expect(rotated.account.id == fixture.account.id && rotated.session.createdAt == clock.now)
        #expect(rotated.session.authenticatedAt == clock.now)
        #expect(rotated.session.userAgent == "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")  // the same browser
        #expect(started.account.validSince == clock.now)
        #expect(try fixture.store.sessionCount(accountID: fixture.account.id) == 1)

        let store = fixture.store, authenticator = fixture.authenticator
        #expect(authenticator.signIn(email: "taro@example.com", password: SignedInAccount.password) == .failure(.invalidCredential))
        #expect(try authenticator.signIn(email: "taro@example.com", password: "new password 2").get().id == fixture.account.id)
        let notice = try #require(try store.dueMail().last)
        #expect(notice.mail.recipient == "Taro@example.com")
        #expect(try run("sqlite3", [directory.database, "SELECT account_id FROM outbox WHERE id = \(notice.id)"]) == "\(fixture.account.id)")
    }

    @Test func aWrongCurrentPasswordChangesNothing() throws {
        let fixture = try SignedInAccount(directory, clock)
        _ = try fixture.store.createSession(accountID: fixture.account.id)
        clock.advance(by: 100)
        try directory.expectUnchanged {
            let result = fixture.authenticator.changePassword(
                sessionToken: fixture.token, currentPassword: "wrong password", newPassword: "new password 2")
            #expect(result == .failure(.invalidCredential) && fixture.mail.sent(.passwordChanged).isEmpty)
        }
    }

    @Test func aSessionEndedElsewhereCannotChangeThePassword() throws {
        let fixture = try SignedInAccount(directory, clock)
        let phone = try fixture.store.createSession(accountID: fixture.account.id).token
        _ = try fixture.authenticator.changePassword(
            sessionToken: phone, currentPassword: SignedInAccount.password, newPassword: "phone password 2").get()
        let before = try dump(directory.database)
        // The laptop's form was open with the old password, which was right when the page was drawn.
        let result = fixture.authenticator.changePassword(
            sessionToken: fixture.token, currentPassword: SignedInAccount.password, newPassword: "laptop password 3")
        #expect(result == .failure(.userTokenExpired))
        #expect(try dump(directory.database) == before)
    }

    /// Two devices change the password at the same moment: whichever commits first ends the other's
    /// session, so exactly one succeeds and its password is the one that works. Hashing the new
    /// password at full cost (the current one verifies at the fixture's low cost) keeps both past
    /// the password check before either commits, so the check inside the transaction decides.
    @Test(arguments: 0..<4)
    func twoDevicesChangingThePasswordAtOnceGiveOneWinner(round: Int) throws {
        let fixture = try SignedInAccount(directory, clock)
        let tokens = [fixture.token, try fixture.store.createSession(accountID: fixture.account.id).token]
        let path = directory.database, storeClock = clock.storeClock
        let settings = try Authenticator.Settings(hasher: .owaspMinimum)
        let results = Mutex<[Int: Result<Renewed, AuthFailure>]>([:])
        runTogether(2) { device in
            guard let store = try? AccountStore(path: path, clock: storeClock) else { return }
            let result = Authenticator(store: store, settings: settings).changePassword(
                sessionToken: tokens[device], currentPassword: SignedInAccount.password, newPassword: "device \(device) password")
            results.withLock { $0[device] = result }
        }
        let outcome = results.withLock { $0 }
        let winners = outcome.filter { (try? $0.value.get()) != nil }.map(\.key)
        try #require(winners.count == 1, "\(outcome)")
        let loser = 1 - winners[0]
        // The loser either proved the password before the winner committed (its session is then gone
        // inside its transaction) or after (the session is gone already): the same failure.
        #expect(outcome[loser] == .failure(.userTokenExpired))
        #expect(try fixture.authenticator.signIn(email: "taro@example.com", password: "device \(winners[0]) password").get().id
            == fixture.account.id)
        #expect(try fixture.store.sessionCount(accountID: fixture.account.id) == 1)
    }
}
