import Foundation
import Testing
@testable import GenkanStore

/// The sign-in limits over a real SQLite file: per address, per address and account, the account's count, lock-out and reset.
@Suite struct SignInThrottleTests {
    static let secret = [UInt8](repeating: 42, count: 32)
    static let password = SignedInAccount.password

    struct Setup {
        let directory = TemporaryDirectory()
        let clock = ManualClock()
        let signedIn: SignedInAccount
        let throttle: SignInThrottle
        var store: AccountStore { signedIn.store }

        init(limits: SignInLimits = .standard) throws {
            signedIn = try SignedInAccount(directory, clock)
            throttle = SignInThrottle(limits: limits, secret: SignInThrottleTests.secret)
        }

        /// A sign-in from `client` with `password`, through the throttle.
        func signIn(_ password: String, from client: String, email: String = "taro@example.com") -> Result<Account, AuthFailure> {
            throttle.guarded(SignInAttempt(client: client, email: email), in: signedIn.authenticator) {
                signedIn.authenticator.signIn(email: email, password: password)
            }
        }
    }

    @Test func wrongPasswordsCountPerAddressOnTheAccountAndLeaveOtherAddressesAlone() throws {
        let setup = try Setup()
        for _ in 0..<10 { #expect(setup.signIn("wrong guess", from: "203.0.113.9") == .failure(.invalidCredential)) }
        guard case .failure(.throttled(.addressOnAccount(let wait))) = setup.signIn(Self.password, from: "203.0.113.9") else {
            Issue.record("the eleventh attempt from one address was checked")
            return
        }
        #expect(wait == 600)  // 6 an hour
        // The owner, elsewhere, signs in; another account from the attacker's address is checked.
        #expect(try setup.signIn(Self.password, from: "198.51.100.7").get().email == "Taro@example.com")
        #expect(setup.signIn("wrong guess", from: "203.0.113.9", email: "hanako@example.com") == .failure(.invalidCredential))
    }

    @Test func theHundredthWrongPasswordInARowLocksTheAccountUntilANewPassword() throws {
        let setup = try Setup()
        // Ten addresses, ten wrong passwords each: no address reaches its own limits.
        for address in 0..<10 {
            for _ in 0..<10 { #expect(setup.signIn("wrong guess", from: "203.0.113.\(address)") == .failure(.invalidCredential)) }
        }
        #expect(try setup.store.failedSignIns(accountID: setup.signedIn.account.id) == 100)
        // The 101st attempt is not checked, even with the right password from a new address.
        #expect(setup.signIn(Self.password, from: "198.51.100.7") == .failure(.throttled(.accountLocked)))
        setup.clock.advance(by: 30 * 86_400)
        #expect(setup.signIn(Self.password, from: "198.51.100.7") == .failure(.throttled(.accountLocked)))
        // The e-mailed reset (or a change while signed in) sets a new password: the count starts again.
        try setup.store.replacePassword(accountID: setup.signedIn.account.id, passwordHash: try fastHasher.hash("a new passphrase"))
        #expect(try setup.store.failedSignIns(accountID: setup.signedIn.account.id) == 0)
        #expect((try? setup.signIn("a new passphrase", from: "198.51.100.7").get()) != nil)
    }

    @Test func anAddressWithoutAnAccountAnswersAlikeAtTheCapAndDrains() throws {
        let setup = try Setup()
        for address in 0..<10 {
            for _ in 0..<10 { _ = setup.signIn("wrong guess", from: "203.0.113.\(address)", email: "nobody@example.com") }
        }
        #expect(setup.signIn("anything", from: "198.51.100.7", email: "NOBODY@example.com") == .failure(.throttled(.accountLocked)))
        // 4 an hour drain: after 15 minutes one more attempt is checked.
        setup.clock.advance(by: 15 * 60)
        #expect(setup.signIn("anything", from: "198.51.100.7", email: "nobody@example.com") == .failure(.invalidCredential))
        #expect(setup.signIn("anything", from: "198.51.100.7", email: "nobody@example.com") == .failure(.throttled(.accountLocked)))
    }

    @Test func aRightPasswordClearsTheAccountsCountAndItsOwnAddressOnly() throws {
        let setup = try Setup()
        for _ in 0..<9 { _ = setup.signIn("wrong guess", from: "192.0.2.1") }
        for _ in 0..<9 { _ = setup.signIn("wrong guess", from: "203.0.113.9") }
        #expect(try setup.store.failedSignIns(accountID: setup.signedIn.account.id) == 18)
        #expect((try? setup.signIn(Self.password, from: "192.0.2.1").get()) != nil)
        #expect(try setup.store.failedSignIns(accountID: setup.signedIn.account.id) == 0)
        // The owner's address starts again on the account; the attacker's does not.
        for _ in 0..<10 { #expect(setup.signIn("typo", from: "192.0.2.1") == .failure(.invalidCredential)) }
        _ = setup.signIn("wrong guess", from: "203.0.113.9")
        #expect(setup.signIn("wrong guess", from: "203.0.113.9") == .failure(.throttled(.addressOnAccount(retryAfter: 600))))
    }

    @Test func anAddressTryingManyAccountsIsLimited() throws {
        let setup = try Setup()
        for index in 0..<30 { _ = setup.signIn("wrong guess", from: "203.0.113.9", email: "user\(index)@example.com") }
        guard case .failure(.throttled(.address(let wait))) = setup.signIn("guess", from: "203.0.113.9", email: "user99@example.com")
        else {
            Issue.record("the 31st wrong password from one address was checked")
            return
        }
        #expect(wait == 6)  // 10 a minute
        #expect(setup.signIn("guess", from: "203.0.113.10", email: "user99@example.com") == .failure(.invalidCredential))
    }

    @Test func theLimitsSurviveReopeningAndAreSharedByEveryConnection() throws {
        let setup = try Setup()
        let other = try AccountStore(path: setup.directory.database, clock: setup.clock.storeClock)
        for _ in 0..<10 { _ = setup.signIn("wrong guess", from: "203.0.113.9") }
        let attempt = SignInAttempt(client: "203.0.113.9", email: "TARO@example.com")
        // Another connection (another server on the file) sees the same buckets, now and after a reopen.
        #expect(try setup.throttle.admit(attempt, in: other).failure == .addressOnAccount(retryAfter: 600))
        let reopened = try AccountStore(path: setup.directory.database, clock: setup.clock.storeClock)
        let restarted = SignInThrottle(limits: .standard, secret: Self.secret)
        #expect(try restarted.admit(attempt, in: reopened).failure == .addressOnAccount(retryAfter: 600))
        #expect(try reopened.failedSignIns(accountID: setup.signedIn.account.id) == 10)
    }

    @Test func noEmailAddressIsStoredInTheLimits() throws {
        let setup = try Setup()
        _ = setup.signIn("wrong guess", from: "203.0.113.9", email: "nobody@example.com")
        _ = setup.signIn("wrong guess", from: "203.0.113.9")
        let rows = try run("sqlite3", [setup.directory.database, "SELECT name, key FROM rate_limits ORDER BY name"])
        #expect(!rows.isEmpty && !rows.contains("@") && !rows.contains("example"))
        #expect(setup.throttle.logTag(email: "TARO@example.com") == setup.throttle.logTag(email: "taro@example.com"))
        #expect(setup.throttle.logTag(email: "taro@example.com").count == 12)
    }

    // MARK: Stored buckets

    @Test func aFloodOfNewKeysCannotDeleteAVictimsBucket() throws {
        let setup = try Setup()
        let limit = StoredLimit("test.pair", LimitRule(capacity: 3, refillPerMinute: 1))
        for _ in 0..<3 { #expect(try setup.store.spendLimit(limit, key: "victim").allowed) }
        #expect(!(try setup.store.spendLimit(limit, key: "victim").allowed))
        try setup.store.transaction { () throws(StoreError) in
            for index in 0..<10_000 { _ = try setup.store.spendLimit(limit, key: "flood-\(index)") }
        }
        setup.clock.advance(by: 10)
        try setup.store.deleteDrainedLimits()
        // Nothing drained in 10 s (1 a minute): every bucket is kept, the victim's too.
        #expect(try run("sqlite3", [setup.directory.database, "SELECT count(*) FROM rate_limits"]) == "10001")
        #expect(!(try setup.store.spendLimit(limit, key: "victim").allowed))
        // Drained buckets go, and only they: 3 minutes later everything has drained.
        setup.clock.advance(by: 180)
        #expect(try setup.store.deleteDrainedLimits() == 10_001)
    }

    @Test func aRefundGivesBackOneAttempt() throws {
        let setup = try Setup()
        let limit = StoredLimit("test.refund", LimitRule(capacity: 1, refillPerMinute: 0))
        #expect(try setup.store.spendLimit(limit, key: "a").allowed)
        let refused = try setup.store.spendLimit(limit, key: "a")
        #expect(!refused.allowed && refused.retryAfter == 3600)
        try setup.store.refundLimit(limit, key: "a")
        #expect(try setup.store.spendLimit(limit, key: "a").allowed)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

extension Result where Success == Account, Failure == AuthFailure {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.success(let a), .success(let b)): a.id == b.id
        case (.failure(let a), .failure(let b)): a == b
        default: false
        }
    }
}
