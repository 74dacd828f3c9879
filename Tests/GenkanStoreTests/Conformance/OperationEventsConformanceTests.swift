import Testing
@testable import GenkanStore

/// The events the core's operations record, in the transaction of what they describe, on every
/// store: what the activity page, the console, the export and the webhooks will see.
@Suite struct OperationEventsConformanceTests {
    let clock = ManualClock()
    static let password = "correct horse 1"
    static let browser = EventOrigin(client: "192.0.2.10", userAgent: "Firefox/140.0", door: .page)

    func setUp(_ kind: StoreKind) throws -> (TestDatabase, AccountStore, Authenticator, RecordingMail) {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        store.origin = Self.browser
        let mail = RecordingMail()
        return (database, store, try testAuthenticator(store, mail), mail)
    }

    /// The account's events, oldest first, as (type, method or provider or reason).
    func history(_ uid: String, in store: AccountStore) throws -> [AccountEventType] {
        try store.events(uid: uid, limit: 100).reversed().map(\.type)
    }

    @Test(arguments: StoreKind.available) func signingUpInAndOut(kind: StoreKind) throws {
        let (database, store, authenticator, mail) = try setUp(kind)
        _ = database
        let taro = try authenticator.signUp(
            email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: Self.password
        ).created.get()
        let created = try #require(try store.events(uid: taro.uid).first)
        #expect(created.type == .accountCreated && created.actor == .user && created.details.method == "password")
        #expect(created.client == "192.0.2.10" && created.userAgent == "Firefox/140.0" && created.details.door == .page)

        // A wrong password, the right one with a session, a refusal once disabled.
        #expect(authenticator.signIn(email: "taro@example.com", password: "wrong") == .failure(.invalidCredential))
        let account = try authenticator.signIn(email: "TARO@example.com", password: Self.password).get()
        let started = try authenticator.startSession(for: account, replacing: nil, userAgent: "Firefox/140.0").get()
        let signedIn = try #require(try store.events(uid: taro.uid).first)
        #expect(signedIn.type == .signInSucceeded && signedIn.details.method == "password")
        #expect(signedIn.details.session == AccountStore.sessionHandle(token: started.token))
        // An unknown address is no account's event.
        #expect(authenticator.signIn(email: "nobody@example.com", password: "wrong") == .failure(.invalidCredential))
        store.origin = EventOrigin(client: "2001:db8:5::", userAgent: nil, door: .api)
        _ = try authenticator.startTokens(for: account, signInProvider: "password").get()
        #expect(try store.events(uid: taro.uid).first.map { $0.details.door == .api && $0.client == "2001:db8:5::" } == true)
        store.origin = Self.browser
        try authenticator.signOut(sessionToken: started.token)
        let signedOut = try #require(try store.events(uid: taro.uid).first)
        #expect(signedOut.type == .signedOut && signedOut.details.session == AccountStore.sessionHandle(token: started.token))
        // Signing out again (an ended session) records nothing.
        try authenticator.signOut(sessionToken: started.token)
        try store.setDisabled(accountID: taro.id, true)
        #expect(authenticator.signIn(email: "taro@example.com", password: Self.password) == .failure(.userDisabled))
        #expect(
            try history(taro.uid, in: store) == [
                .accountCreated, .signInFailed, .signInSucceeded, .signInSucceeded, .signedOut, .signInRefused,
            ])
        let reasons = try store.events(uid: taro.uid, types: [.signInFailed, .signInRefused]).map { $0.details.reason }
        #expect(reasons == ["account-disabled", "wrong-password"])
        // The address's verification.
        try store.setDisabled(accountID: taro.id, false)
        let code = try #require(mail.token(.verification))
        guard case .verified = try authenticator.verifyEmail(code: code).get() else {
            Issue.record("not verified")
            return
        }
        #expect(try store.events(uid: taro.uid).first?.type == .emailVerified)
        // A sign-up refused (the address is in use) writes nothing.
        let count = try store.events().count
        #expect(
            authenticator.signUp(email: "taro@example.com", displayName: "T", nameKey: "t", password: Self.password).created
                == .failure(.emailAlreadyInUse))
        #expect(try store.events().count == count)
    }

    @Test(arguments: StoreKind.available) func passwordsAddressesAndDeletion(kind: StoreKind) throws {
        let (database, store, authenticator, mail) = try setUp(kind)
        _ = database
        let taro = try authenticator.signUp(
            email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: Self.password, sendsVerification: false
        ).created.get()
        let session = try store.createSession(accountID: taro.id, userAgent: nil).token
        let other = try store.createSession(accountID: taro.id, userAgent: nil).token
        #expect(try store.endOtherSessions(sessionToken: session) == 1)
        let ended = try #require(try store.events(uid: taro.uid).first)
        #expect(ended.type == .sessionsEnded && ended.details.count == 1)
        _ = other
        let changed = try authenticator.changePassword(
            .session(token: session), newPassword: "another horse 2", renewal: .session(userAgent: nil)
        ).get()
        let session2 = try #require(changed.sessionToken)
        // The old session ended with the change: a second change through it fails and records nothing.
        #expect(
            authenticator.changePassword(.session(token: session), newPassword: "third horse 3", renewal: .none)
                == .failure(.userTokenExpired))
        #expect(try authenticator.requestEmailChange(.session(token: session2), newEmail: "taro@example.net").get() == .sent)
        let move = try #require(mail.token(.emailChange))
        _ = try authenticator.confirmEmailChange(code: move).get()
        let undo = try #require(mail.token(.emailChanged))
        _ = try authenticator.recoverEmail(code: undo).get()
        let reset = try authenticator.issueLink(.resetPassword, email: "taro@example.com").get().code.token
        _ = try authenticator.resetPassword(code: reset, newPassword: "fourth horse 4", renewal: .none).get()
        #expect(
            try history(taro.uid, in: store) == [
                .accountCreated, .sessionsEnded, .passwordChanged, .emailChangeRequested, .emailChangeConfirmed, .emailChangeUndone,
                .passwordReset,
            ])
        // The account goes; its events stay, the last saying so.
        let last = try store.createSession(accountID: taro.id, userAgent: nil).token
        _ = try authenticator.deleteAccount(.session(token: last)).get()
        #expect(try store.account(id: taro.id) == nil)
        #expect(try store.events(uid: taro.uid).first.map { $0.type == .accountDeleted && $0.actor == .user } == true)
        #expect(try store.events(uid: taro.uid).count == 8)
    }

    @Test(arguments: StoreKind.available) func providersAndTheAdministratorsAPI(kind: StoreKind) throws {
        let (database, store, authenticator, _) = try setUp(kind)
        _ = database
        let profile = ProviderProfile(
            provider: "google.com", issuer: "https://accounts.google.com", subject: "g-1", email: "hanako@example.com", emailVerified: true,
            displayName: "Hanako", nameKey: "hanako")
        let hanako = try authenticator.identify(profile).get()
        #expect(hanako.isNew)
        let created = try #require(try store.events(uid: hanako.account.uid).first)
        #expect(created.type == .accountCreated && created.details.method == "google.com")
        // A password added, then the provider unlinked; linking again through the API.
        let token = try store.createSession(accountID: hanako.account.id, userAgent: nil).token
        _ = try authenticator.changePassword(.session(token: token), newPassword: Self.password, renewal: .none).get()
        let api = Requester.idToken(accountID: hanako.account.id, issuedAt: clock.now)
        try authenticator.unlink(provider: "google.com", api).get()
        _ = try authenticator.link(profile, api, signedInAt: clock.now).get()
        let linked = try store.events(uid: hanako.account.uid, types: [.providerLinked, .providerUnlinked]).map { [$0.type.rawValue, $0.details.provider] }
        #expect(linked == [["provider.linked", "google.com"], ["provider.unlinked", "google.com"]])

        // The Admin SDK's changes: by the system, one event per state that changed.
        store.origin = EventOrigin(client: "198.51.100.1", userAgent: "Firebase Admin", door: .api)
        var changes = AccountChanges()
        changes.disabled = true
        changes.customClaims = #"{"role":"admin","tier":2}"#
        _ = try authenticator.administer(accountID: hanako.account.id, changes).get()
        _ = try authenticator.administer(accountID: hanako.account.id, changes).get()
        let administered = try store.events(uid: hanako.account.uid, limit: 2)
        #expect(administered.map(\.type) == [.claimsChanged, .accountDisabled])
        #expect(administered.allSatisfy { $0.actor == .system && $0.details.door == .api })
        #expect(administered.first?.details.claims == ["role", "tier"])
        changes = AccountChanges()
        changes.disabled = false
        _ = try authenticator.administer(accountID: hanako.account.id, changes).get()
        #expect(try store.events(uid: hanako.account.uid).first?.type == .accountEnabled)
        _ = try authenticator.deleteAccount(.administrator(accountID: hanako.account.id)).get()
        #expect(try store.events(uid: hanako.account.uid).first.map { $0.type == .accountDeleted && $0.actor == .system } == true)
    }

    /// The second factor's operations and the sign-in's second step, through both kinds of
    /// requester: each success and each wrong code at the step is an event of its transaction; a
    /// wrong code at enrolment is not a sign-in and records nothing.
    @Test(arguments: StoreKind.available) func secondFactorsAndTheSecondStep(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        store.origin = Self.browser
        let mail = RecordingMail()
        let keys = try TwoFactorKeys(fileText: String(repeating: "5a", count: 32))
        let authenticator = try testAuthenticator(store, mail, twoFactorKeys: keys)
        var taro = try authenticator.signUp(
            email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: Self.password, sendsVerification: false
        ).created.get()
        try store.markVerified(accountID: taro.id)
        taro = try #require(try store.account(id: taro.id))
        var owner = Requester.session(token: try store.createSession(accountID: taro.id, userAgent: nil).token)
        /// A code of `totp` now, and one that is not (the right one moved half the code space).
        func codes(_ totp: TOTP) -> (right: String, wrong: String) {
            let right = totp.code(step: TOTP.step(at: clock.now))
            let other = String((Int(right)! + 500_000) % 1_000_000)
            return (right, String(repeating: "0", count: 6 - other.count) + other)
        }
        func enrol() throws -> (TOTP, [String]) {
            let started = try authenticator.beginTOTPEnrollment(owner).get()
            let added = try authenticator.finishTOTPEnrollment(owner, token: started.token, code: codes(started.totp).right, locale: "en").get()
            return (started.totp, added.recoveryCodes)
        }
        func secondStep() throws -> String {
            guard case .secondStep(let token, _) = try authenticator.startSignIn(
                for: taro, firstFactor: "password", replacing: nil, binding: "browser", userAgent: nil, returnTo: nil
            ).get() else { throw StoreError(.database, "no second step") }
            return token
        }
        let before = try store.events(uid: taro.uid).count
        let started = try authenticator.beginTOTPEnrollment(owner).get()
        #expect(
            authenticator.finishTOTPEnrollment(owner, token: started.token, code: codes(started.totp).wrong, locale: "en").failure
                == .invalidVerificationCode)
        #expect(try store.events(uid: taro.uid).count == before)
        let (totp, recoveryCodes) = try enrol()
        let added = try #require(try store.events(uid: taro.uid).first)
        #expect(added.type == .secondFactorAdded && added.actor == .user && added.details.method == "totp" && added.details.door == .page)

        // The step: a wrong code, the right one, the right one again (spent), a recovery code.
        clock.advance(by: 30)
        let step = try secondStep()
        #expect(authenticator.finishSecondStep(token: step, binding: "browser", code: codes(totp).wrong, locale: "en").failure == .invalidVerificationCode)
        let used = codes(totp).right
        _ = try authenticator.finishSecondStep(token: step, binding: "browser", code: used, locale: "en").get()
        #expect(
            authenticator.finishSecondStep(token: try secondStep(), binding: "browser", code: used, locale: "en").failure == .verificationCodeReused)
        _ = try authenticator.finishSecondStep(token: try secondStep(), binding: "browser", code: recoveryCodes[0], locale: "en").get()
        let stepEvents = try store.events(uid: taro.uid, types: [.signInFailed, .secondStepPassed]).reversed()
            .map { [$0.type.rawValue, $0.details.method, $0.details.reason] }
        #expect(
            stepEvents == [
                ["sign_in.failed", "second_factor", "wrong-code"], ["sign_in.second_step", "totp", nil],
                ["sign_in.failed", "second_factor", "reused-code"], ["sign_in.second_step", "recovery_code", nil],
            ])

        // New recovery codes, then the owner removes the factor with a code of the app.
        clock.advance(by: 30)
        _ = try authenticator.newRecoveryCodes(owner, code: codes(totp).right, locale: "en").get()
        #expect(try store.events(uid: taro.uid).first.map { $0.type == .recoveryCodesReplaced && $0.actor == .user } == true)
        clock.advance(by: 30)
        _ = try authenticator.removeSecondFactor(owner, code: codes(totp).right, locale: "en").get()
        let removed = try #require(try store.events(uid: taro.uid).first)
        #expect(removed.type == .secondFactorRemoved && removed.actor == .user && removed.details.method == "totp")

        // Enrolled again; an administrator in the console removes it, typing no code, through a
        // core that has no key (the key that sealed the factor may be what was lost).
        clock.advance(by: 15 * 60)
        owner = Requester.session(token: try store.createSession(accountID: taro.id, userAgent: nil).token)  // a recent proof
        _ = try enrol()
        let hanako = try authenticator.signUp(
            email: "hanako@example.com", displayName: "Hanako", nameKey: "hanako", password: Self.password, sendsVerification: false
        ).created.get()
        guard case .changed = try authenticator.grantAdministrator(email: "hanako@example.com") else {
            Issue.record("not granted")
            return
        }
        let console = Requester.console(
            accountID: taro.id, sessionToken: try store.createSession(accountID: hanako.id, userAgent: nil).token, administratorUID: hanako.uid)
        let keyless = try testAuthenticator(store, mail)
        #expect(keyless.removeSecondFactor(owner, code: nil, locale: "en").failure == .twoFactorUnavailable)
        store.origin = EventOrigin(client: "127.0.0.1", userAgent: "Firefox/140.0", door: .admin)
        _ = try keyless.removeSecondFactor(console, code: nil, locale: "en").get()
        #expect(try store.storage.secondFactor(accountID: taro.id) == nil)
        let byAdministrator = try #require(try store.events(uid: taro.uid).first)
        #expect(byAdministrator.type == .secondFactorRemoved && byAdministrator.actor == .administrator(uid: hanako.uid))
        #expect(byAdministrator.details.door == .admin)
        #expect(mail.sent(.secondFactorRemoved).count == 2)
        // Nothing left to remove: refused, and nothing recorded.
        let count = try store.events().count
        #expect(keyless.removeSecondFactor(console, code: nil, locale: "en").failure == .multiFactorInfoNotFound)
        #expect(try store.events().count == count)
        // And the owner signs in with the password alone.
        guard case .signedIn = try authenticator.startSignIn(
            for: taro, firstFactor: "password", replacing: nil, binding: "browser", userAgent: nil, returnTo: nil
        ).get() else {
            Issue.record("a second step after the factor was removed")
            return
        }
    }

    /// An event belongs to its transaction: rolled back with it, and queued for each receiver
    /// with it.
    @Test(arguments: StoreKind.available) func anEventIsWrittenWithItsChangeOrNotAtAll(kind: StoreKind) throws {
        let (database, store, authenticator, _) = try setUp(kind)
        _ = database
        store.webhookURLs = ["https://hooks.example.com/a", "https://hooks.example.com/b"]
        let taro = try authenticator.signUp(
            email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: Self.password, sendsVerification: false
        ).created.get()
        #expect(store.takeQueuedWebhooks())
        #expect(try store.claimDueWebhooks(limit: 10).map(\.url) == store.webhookURLs)
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                try store.record(.passwordChanged, uid: taro.uid)
                throw StoreError(.database, "the change failed")
            }
        }
        #expect(try store.events().count == 1)
        clock.advance(by: 3600)
        #expect(try store.claimDueWebhooks(limit: 10).count == 2)  // the same two, their leases over
    }
}
