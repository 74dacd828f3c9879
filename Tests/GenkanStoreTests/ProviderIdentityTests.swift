import Foundation
import Testing
@testable import GenkanStore

@Suite struct ProviderIdentityTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    func profile(_ subject: String, email: String?, verified: Bool = true, provider: String = "google") -> ProviderProfile {
        ProviderProfile(
            provider: provider, issuer: "https://\(provider).example", subject: subject, email: email, emailVerified: verified,
            displayName: "Taro", nameKey: "taro")
    }

    func setUp() throws -> (AccountStore, Authenticator) {
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        return (store, try testAuthenticator(store))
    }

    @Test func aFirstSignInMakesAnAccountWithoutAPasswordAndTheNextFindsIt() throws {
        let (store, authenticator) = try setUp()
        let first = try authenticator.signIn(with: profile("s1", email: "taro@example.com"), userAgent: nil).get()
        #expect(first.isNew && first.account.isVerified && first.account.email == "taro@example.com")
        #expect(try store.session(token: first.token)?.account.id == first.account.id)
        let second = try authenticator.signIn(with: profile("s1", email: "changed@example.com"), userAgent: nil).get()
        #expect(!second.isNew && second.account.id == first.account.id)
        let (identities, hasPassword) = try store.providerIdentities(accountID: first.account.id)
        #expect(identities.map(\.subject) == ["s1"] && !hasPassword)
        // No password: the password form refuses it as it refuses a wrong password.
        #expect(authenticator.signIn(email: "taro@example.com", password: "anything at all") == .failure(.invalidCredential))
    }

    @Test func anUnverifiedAddressGetsAVerificationMail() throws {
        let (_, authenticator) = try setUp()
        let outcome = try authenticator.signIn(with: profile("s1", email: "taro@example.com", verified: false), userAgent: nil).get()
        #expect(!outcome.account.isVerified && authenticator.recorded.token(.verification) != nil)
        // --private-signup: an unverified address makes no account.
        #expect(
            authenticator.signIn(with: profile("s2", email: "jiro@example.com", verified: false), userAgent: nil, requireVerifiedEmail: true)
                == .failure(.unverifiedEmail))
        #expect(authenticator.signIn(with: profile("s3", email: nil), userAgent: nil) == .failure(.missingEmail))
    }

    @Test func anAddressInUseIsNotMergedButCanBeLinked() throws {
        let (store, authenticator) = try setUp()
        let account = try authenticator.signUp(
            email: "Taro@example.com", displayName: "Taro", nameKey: "taro", password: "correct horse battery").created.get()
        #expect(
            authenticator.signIn(with: profile("s1", email: "taro@EXAMPLE.com"), userAgent: nil)
                == .failure(.accountExistsWithDifferentCredential))
        let session = try store.createSession(accountID: account.id, userAgent: nil).token
        #expect(try authenticator.link(profile("s1", email: "taro@example.com"), toAccount: account.id, sessionToken: session).get().subject == "s1")
        #expect(try authenticator.signIn(with: profile("s1", email: "taro@example.com"), userAgent: nil).get().account.id == account.id)
        // One identity per provider and account; an identity belongs to one account.
        #expect(
            authenticator.link(profile("s9", email: nil), toAccount: account.id, sessionToken: session) == .failure(.providerAlreadyLinked))
        let other = try authenticator.signUp(email: "jiro@example.com", displayName: "Jiro", nameKey: "jiro", password: "correct horse battery").created.get()
        let otherSession = try store.createSession(accountID: other.id, userAgent: nil).token
        #expect(
            authenticator.link(profile("s1", email: nil), toAccount: other.id, sessionToken: otherSession)
                == .failure(.credentialAlreadyInUse))
        // The session must be the account's that asked.
        #expect(
            authenticator.link(profile("s7", email: nil, provider: "apple"), toAccount: account.id, sessionToken: otherSession)
                == .failure(.userMismatch))
    }

    @Test func theLastWayInCannotBeUnlinked() throws {
        let (store, authenticator) = try setUp()
        let outcome = try authenticator.signIn(with: profile("s1", email: "taro@example.com"), userAgent: nil).get()
        let id = outcome.account.id
        #expect(authenticator.unlink(provider: "google", .session(token: outcome.token)) == .failure(.lastSignInMethod))
        #expect(authenticator.unlink(provider: "apple", .session(token: outcome.token)) == .failure(.noSuchProvider))
        _ = try authenticator.link(profile("a1", email: nil, provider: "apple"), toAccount: id, sessionToken: outcome.token).get()
        #expect(throws: Never.self) { try authenticator.unlink(provider: "google", .session(token: outcome.token)).get() }
        #expect(authenticator.unlink(provider: "apple", .session(token: outcome.token)) == .failure(.lastSignInMethod))
        // Deleting the account deletes its identities: the identity can make a new account.
        try store.deleteAccount(id: id)
        #expect(try store.account(issuer: "https://apple.example", subject: "a1") == nil)
    }

    @Test func aResetGivesAPasswordAndDropsIdentitiesLinkedBeforeTheAddressWasProven() throws {
        let (store, authenticator) = try setUp()
        // Someone whose provider does not verify addresses makes the account with this address.
        let made = try authenticator.signIn(with: profile("stranger", email: "taro@example.com", verified: false), userAgent: nil).get()
        try store.recordResetRequest(email: "taro@example.com", locale: "en")
        for request in try store.pendingResetRequests() {
            _ = try authenticator.processResetRequest(request).get()
        }
        let code = authenticator.recorded.token(.passwordReset)
        // The mailbox's owner sets a password: the stranger's identity and session are gone.
        let started = try authenticator.resetPassword(code: try #require(code), newPassword: "a new passphrase", renewal: .none).get()
        #expect(started.account.isVerified)
        #expect(try store.providerIdentities(accountID: made.account.id) == ([], true))
        #expect(try store.session(token: made.token) == nil)
        #expect(try authenticator.signIn(email: "taro@example.com", password: "a new passphrase").get().id == made.account.id)
    }

    @Test func anAuthorizationIsTakenOnceAndExpires() throws {
        let (store, _) = try setUp()
        func save(_ state: String) throws {
            try store.saveAuthorization(
                state: state,
                ProviderAuthorization(
                    provider: "apple", bindingHash: [1, 2, 3], accountID: nil, nonce: "n", codeVerifier: "v", returnTo: "/account",
                    expiresAt: clock.now + AccountStore.authorizationLifetime))
        }
        try save("state-1")
        #expect(try store.recordAuthorizationResponse(state: "state-1", provider: "google", code: "c", user: nil) == false)
        #expect(try store.recordAuthorizationResponse(state: "state-1", provider: "apple", code: "c", user: "{}") == true)
        #expect(try store.recordAuthorizationResponse(state: "state-1", provider: "apple", code: "again", user: nil) == false)
        let taken = try #require(try store.takeAuthorization(state: "state-1"))
        #expect(taken.responseCode == "c" && taken.responseUser == "{}" && taken.bindingHash == [1, 2, 3] && taken.returnTo == "/account")
        #expect(try store.takeAuthorization(state: "state-1") == nil)
        try save("state-2")
        clock.advance(by: AccountStore.authorizationLifetime)
        #expect(try store.takeAuthorization(state: "state-2") == nil)
        #expect(try store.recordAuthorizationResponse(state: "state-2", provider: "apple", code: "c", user: nil) == false)
    }
}

// A result of an outcome or an identity compares with the standard library's `==` (both sides are
// Hashable); one of Void needs its own.
extension Result where Success == Void, Failure == AuthFailure {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.failure(let a), .failure(let b)): a == b
        case (.success, .success): true
        default: false
        }
    }
}
