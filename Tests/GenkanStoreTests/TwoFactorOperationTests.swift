import Testing
@testable import GenkanStore

/// The second-factor operations on a real store: enrolment, the second step of a sign-in, codes
/// that work once, recovery codes, limits, removal, and the mails.
@Suite struct TwoFactorOperationTests {
    let clock = ManualClock()
    static let keys = try! TwoFactorKeys(fileText: String(repeating: "5a", count: 32))

    struct Fixture {
        let store: AccountStore
        let authenticator: Authenticator
        let mail: RecordingMail
        let account: Account
        let session: String
    }

    func setUp(verified: Bool = true) throws -> (TestDatabase, Fixture) {
        let database = try StoreKind.sqlite.freshDatabase()
        let store = try database.connect(clock: clock)
        let mail = RecordingMail()
        var account = try createTaro(in: store)
        if verified {
            try store.markVerified(accountID: account.id)
            account = try #require(try store.account(id: account.id))
        }
        let session = try store.createSession(accountID: account.id).token
        let authenticator = try testAuthenticator(store, mail, twoFactorKeys: Self.keys)
        return (database, Fixture(store: store, authenticator: authenticator, mail: mail, account: account, session: session))
    }

    /// Enrols the fixture's account and returns its TOTP and recovery codes.
    func enrol(_ fixture: Fixture) throws -> (TOTP, [String]) {
        let started = try fixture.authenticator.beginTOTPEnrollment(.session(token: fixture.session)).get()
        let code = started.totp.code(step: TOTP.step(at: clock.now))
        let added = try fixture.authenticator.finishTOTPEnrollment(
            .session(token: fixture.session), token: started.token, code: code, locale: "ja").get()
        return (started.totp, added.recoveryCodes)
    }

    @Test func enrolmentNeedsTheAppsCodeAndKeepsTheSecretThroughAWrongOne() throws {
        let (_, fixture) = try setUp()
        let requester = Requester.session(token: fixture.session)
        let started = try fixture.authenticator.beginTOTPEnrollment(requester).get()
        let wrong = fixture.authenticator.finishTOTPEnrollment(requester, token: started.token, code: "000000", locale: "ja")
        let right = started.totp.code(step: TOTP.step(at: clock.now))
        #expect(wrong.failure == (right == "000000" ? nil : .invalidVerificationCode))
        #expect(try fixture.authenticator.pendingTOTPEnrollment(requester, token: started.token).get().secret == started.totp.secret)
        let added = try fixture.authenticator.finishTOTPEnrollment(requester, token: started.token, code: right, locale: "ja").get()
        #expect(added.recoveryCodes.count == 10)
        #expect(fixture.mail.sent(.secondFactorAdded).map(\.locale) == ["ja"])
        // The secret is stored sealed, and the app's code is spent.
        let stored = try #require(try fixture.store.storage.secondFactor(accountID: fixture.account.id))
        #expect(stored.sealedSecret != started.totp.secret && Self.keys.open(stored.sealedSecret) == .secret(started.totp.secret, sealedByPrevious: false))
        #expect(stored.lastUsedStep == TOTP.step(at: clock.now))
        #expect(fixture.authenticator.beginTOTPEnrollment(requester).failure == .secondFactorAlreadyEnrolled)
    }

    @Test func enrolmentNeedsAVerifiedAddressAndARecentProof() throws {
        let (_, unverified) = try setUp(verified: false)
        #expect(unverified.authenticator.beginTOTPEnrollment(.session(token: unverified.session)).failure == .unverifiedEmail)
        let (_, fixture) = try setUp()
        clock.advance(by: Authenticator.recentAuthentication + 1)
        #expect(fixture.authenticator.beginTOTPEnrollment(.session(token: fixture.session)).failure == .requiresRecentLogin)
    }

    @Test func aSignInWaitsForTheSecondStepBoundToItsBrowser() throws {
        let (_, fixture) = try setUp()
        let (totp, _) = try enrol(fixture)
        clock.advance(by: 60)
        let start = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "password", replacing: nil, binding: "browser-1", userAgent: nil, returnTo: "/account/passkeys").get()
        guard case .secondStep(let token, _) = start else { Issue.record("no second step"); return }
        let code = totp.code(step: TOTP.step(at: clock.now))
        // Another browser's cookie is no use; the right browser's works once.
        #expect(fixture.authenticator.finishSecondStep(token: token, binding: "browser-2", code: code, locale: "en").failure == .invalidMultiFactorSession)
        let done = try fixture.authenticator.finishSecondStep(token: token, binding: "browser-1", code: code, locale: "en").get()
        #expect(done.account.id == fixture.account.id && done.step.returnTo == "/account/passkeys" && done.proof == .totp)
        #expect(fixture.authenticator.finishSecondStep(token: token, binding: "browser-1", code: code, locale: "en").failure == .invalidMultiFactorSession)
        // The same code in a new sign-in is refused: it was used.
        guard case .secondStep(let again, _) = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "password", replacing: nil, binding: "browser-1", userAgent: nil, returnTo: nil).get() else { Issue.record("no second step"); return }
        #expect(fixture.authenticator.finishSecondStep(token: again, binding: "browser-1", code: code, locale: "en").failure == .verificationCodeReused)
        // A passkey with user verification is two factors already.
        guard case .signedIn = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "passkey", countsAsTwoFactors: true, replacing: nil, binding: "browser-1", userAgent: nil,
            returnTo: nil).get() else { Issue.record("a passkey had to give a second step"); return }
    }

    /// Whichever door forgets to ask for the second factor, the core issues nothing.
    @Test func doorsThatDoNotAskGetNoSessionAndNoTokens() throws {
        let (_, fixture) = try setUp()
        _ = try enrol(fixture)
        #expect(fixture.authenticator.startSession(for: fixture.account, replacing: nil, userAgent: nil).failure == .secondFactorRequired)
        #expect(fixture.authenticator.startTokens(for: fixture.account).failure == .secondFactorRequired)
        #expect((try? fixture.authenticator.startTokens(for: fixture.account, secondFactorProven: true).get()) != nil)
    }

    @Test func aPendingStepExpiresAfterFiveMinutes() throws {
        let (_, fixture) = try setUp()
        let (totp, _) = try enrol(fixture)
        guard case .secondStep(let token, _) = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "password", replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get() else { Issue.record("no second step"); return }
        clock.advance(by: AccountStore.secondStepLifetime)
        let code = totp.code(step: TOTP.step(at: clock.now))
        #expect(fixture.authenticator.finishSecondStep(token: token, binding: "b", code: code, locale: "en").failure == .invalidMultiFactorSession)
    }

    @Test func aRecoveryCodeWorksOnce() throws {
        let (_, fixture) = try setUp()
        let (_, codes) = try enrol(fixture)
        for expectation in [true, false] {
            guard case .secondStep(let token, _) = try fixture.authenticator.startSignIn(
                for: fixture.account, firstFactor: "password", replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get() else { Issue.record("no second step"); return }
            let result = fixture.authenticator.finishSecondStep(token: token, binding: "b", code: codes[3].uppercased(), locale: "en")
            if expectation {
                #expect(try result.get().proof == .recoveryCode(left: 9))
            } else {
                #expect(result.failure == .invalidVerificationCode)
            }
        }
    }

    @Test func wrongCodesEndTheStepAndAreLimitedPerAccount() throws {
        let (_, fixture) = try setUp()
        let (totp, _) = try enrol(fixture)
        // The enrolment's code was a check too: start from an empty bucket.
        clock.advance(by: 15 * 60)
        let wrong = String(format: "%06d", (Int(totp.code(step: TOTP.step(at: clock.now)))! + 500_000) % 1_000_000)
        var steps = 0
        var failures: [AuthFailure?] = []
        // Steps of five wrong codes each, until the account's ten checks are spent.
        while failures.count < 12 {
            guard case .secondStep(let token, _) = try fixture.authenticator.startSignIn(
                for: fixture.account, firstFactor: "password", replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get() else { Issue.record("no second step"); return }
            steps += 1
            for _ in 0..<AccountStore.wrongCodesPerSecondStep where failures.count < 12 {
                failures.append(fixture.authenticator.finishSecondStep(token: token, binding: "b", code: wrong, locale: "en").failure)
            }
            // The step is gone after five wrong codes.
            if failures.count % 5 == 0 {
                #expect(fixture.authenticator.finishSecondStep(token: token, binding: "b", code: wrong, locale: "en").failure == .invalidMultiFactorSession)
            }
        }
        #expect(failures.prefix(10).allSatisfy { $0 == .invalidVerificationCode })
        guard case .secondFactorLocked(let wait) = failures[10] else { Issue.record("not locked: \(String(describing: failures[10]))"); return }
        // One more check each 90 seconds (10 each 15 minutes), rounded up.
        #expect(wait > 0 && wait <= 91)
        #expect(fixture.mail.sent(.secondFactorCodesGuessed).count == 1)
        // The right code is refused too while the limit holds, then works.
        clock.advance(by: 15 * 60)
        guard case .secondStep(let token, _) = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "password", replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get() else { Issue.record("no second step"); return }
        #expect((try? fixture.authenticator.finishSecondStep(token: token, binding: "b", code: totp.code(step: TOTP.step(at: clock.now)), locale: "en").get()) != nil)
    }

    @Test func removalNeedsACodeAndMails() throws {
        let (_, fixture) = try setUp()
        let (totp, codes) = try enrol(fixture)
        let requester = Requester.session(token: fixture.session)
        #expect(fixture.authenticator.removeSecondFactor(requester, code: nil, locale: "en").failure == .invalidVerificationCode)
        #expect(fixture.authenticator.removeSecondFactor(requester, code: "12345", locale: "en").failure == .invalidVerificationCode)
        clock.advance(by: 30)
        _ = totp
        #expect((try? fixture.authenticator.removeSecondFactor(requester, code: codes[0], locale: "en").get()) != nil)
        #expect(try fixture.store.storage.secondFactor(accountID: fixture.account.id) == nil)
        #expect(fixture.mail.sent(.secondFactorRemoved).count == 1)
        guard case .signedIn = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "password", replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get() else { Issue.record("still a second step"); return }
    }

    @Test func newRecoveryCodesVoidTheOldOnes() throws {
        let (_, fixture) = try setUp()
        let (_, old) = try enrol(fixture)
        let fresh = try fixture.authenticator.newRecoveryCodes(.session(token: fixture.session), code: old[0], locale: "en").get()
        #expect(fresh.count == 10 && Set(fresh).isDisjoint(with: old))
        #expect(fixture.mail.sent(.secondFactorNewRecoveryCodes).count == 1)
        #expect(fixture.authenticator.newRecoveryCodes(.session(token: fixture.session), code: old[1], locale: "en").failure == .invalidVerificationCode)
    }

    @Test func aRotatedKeyReSealsOnUse() throws {
        let (database, fixture) = try setUp()
        let (totp, _) = try enrol(fixture)
        let rotatedKeys = try TwoFactorKeys(fileText: "\(String(repeating: "7e", count: 32))\n\(String(repeating: "5a", count: 32))")
        let store = try database.connect(clock: clock)
        let rotated = try testAuthenticator(store, fixture.mail, twoFactorKeys: rotatedKeys)
        clock.advance(by: 30)
        guard case .secondStep(let token, _) = try fixture.authenticator.startSignIn(
            for: fixture.account, firstFactor: "password", replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get() else { Issue.record("no second step"); return }
        _ = try rotated.finishSecondStep(token: token, binding: "b", code: totp.code(step: TOTP.step(at: clock.now)), locale: "en").get()
        let sealed = try #require(try store.storage.secondFactor(accountID: fixture.account.id)).sealedSecret
        #expect(rotatedKeys.open(sealed) == .secret(totp.secret, sealedByPrevious: false))
        #expect(Self.keys.open(sealed) == .unknownKey(id: rotatedKeys.current.id))
    }
}
