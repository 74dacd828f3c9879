import Testing
@testable import GenkanStore

/// What every `Storage` must do with provider identities, authorization requests, and deleting an
/// account with everything about it.
@Suite struct IdentityStorageConformanceTests {
    let clock = ManualClock()

    func profile(_ subject: String, issuer: String = "https://accounts.google.com", provider: String = "google") -> ProviderProfile {
        ProviderProfile(
            provider: provider, issuer: issuer, subject: subject, email: "taro@example.com", emailVerified: true,
            displayName: "Taro", nameKey: "taro")
    }

    @Test(arguments: StoreKind.available) func anIdentityBelongsToOneAccountAndOnePerIssuer(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: nil))
        let hanako = try store.createAccount(NewAccount(email: "hanako@example.com", displayName: "H", nameKey: "h", passwordHash: "$x"))
        try store.linkIdentity(profile("1"), accountID: taro.id)
        clock.advance(by: 5)
        try store.linkIdentity(profile("9", issuer: "https://login.example.com", provider: "corp"), accountID: taro.id)
        #expect(throws: StoreError.self) { try store.linkIdentity(profile("1"), accountID: hanako.id) }
        #expect(throws: StoreError.self) { try store.linkIdentity(profile("2"), accountID: taro.id) }
        let (identities, hasPassword) = try store.providerIdentities(accountID: taro.id)
        #expect(identities.map(\.provider) == ["google", "corp"] && !hasPassword)
        #expect(identities[0].linkedAt == clock.now - 5 && identities[0].email == "taro@example.com")
        #expect(try store.providerIdentities(accountID: hanako.id) == ([], true))
        #expect(try store.account(issuer: "https://accounts.google.com", subject: "1")?.id == taro.id)
        #expect(try store.account(issuer: "https://accounts.google.com", subject: "2") == nil)
        clock.advance(by: 1)
        try store.touchIdentity(issuer: "https://accounts.google.com", subject: "1")
        #expect(try store.providerIdentities(accountID: taro.id).identities[0].lastUsedAt == clock.now)
        // Linked since a time: only the newer go.
        #expect(try store.storage.deleteIdentities(accountID: taro.id, linkedSince: clock.now - 1) == 1)
        #expect(try store.providerIdentities(accountID: taro.id).identities.map(\.provider) == ["google"])
        #expect(try store.unlinkIdentity(accountID: taro.id, provider: "google"))
        #expect(try !store.unlinkIdentity(accountID: taro.id, provider: "google"))
    }

    @Test(arguments: StoreKind.available) func anAuthorizationIsTakenOnceBeforeItsExpiry(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let request = ProviderAuthorization(
            provider: "apple", bindingHash: Secret.sha256(Array("pre".utf8)), accountID: nil, nonce: "n", codeVerifier: "v",
            returnTo: "/account", expiresAt: clock.now + 600)
        try store.saveAuthorization(state: "state-1", request)
        #expect(try !store.recordAuthorizationResponse(state: "state-1", provider: "google", code: "c", user: nil))
        #expect(try store.recordAuthorizationResponse(state: "state-1", provider: "apple", code: "c", user: "{\"name\":{}}"))
        #expect(try !store.recordAuthorizationResponse(state: "state-1", provider: "apple", code: "again", user: nil))
        let taken = Outcomes<ProviderAuthorization>()
        runTogether(6) { _ in
            if let connection = try? database.connect(clock: self.clock), let found = try? connection.takeAuthorization(state: "state-1") {
                taken.append(found)
            }
        }
        #expect(taken.all.count == 1)
        #expect(taken.all.first?.responseCode == "c" && taken.all.first?.responseUser == "{\"name\":{}}")
        #expect(taken.all.first?.bindingHash == request.bindingHash && taken.all.first?.returnTo == "/account")
        try store.saveAuthorization(state: "state-2", request)
        clock.advance(by: 600)
        #expect(try store.takeAuthorization(state: "state-2") == nil)
    }

    @Test(arguments: StoreKind.available) func deletingAnAccountLeavesNothingOfItAndNothingElseGoes(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let authenticator = try testAuthenticator(store)
        func populate(_ email: String, _ subject: String) throws -> Account {
            let account = try authenticator.signUp(
                email: email, displayName: "N", nameKey: "n", password: "correct horse 1").created.get()
            _ = try store.createSession(accountID: account.id)
            _ = try store.createRefreshToken(accountID: account.id, authTime: clock.now)
            _ = try store.issueCode(.resetPassword, accountID: account.id)
            try store.linkIdentity(profile(subject), accountID: account.id)
            _ = try store.recordResetRequest(email: email, locale: "en")
            return account
        }
        let taro = try populate("Taro@example.com", "1")
        let hanako = try populate("hanako@example.com", "2")
        #expect(try store.deleteAccount(id: taro.id)?.email == "Taro@example.com")
        #expect(try store.deleteAccount(id: taro.id) == nil)
        let storage = store.storage
        #expect(try storage.account(id: taro.id) == nil && store.sessionCount(accountID: taro.id) == 0)
        #expect(try storage.refreshTokens(accountID: taro.id, since: nil).isEmpty && storage.identities(accountID: taro.id).isEmpty)
        #expect(try store.account(issuer: "https://accounts.google.com", subject: "1") == nil)
        #expect(try store.pendingResetRequests().map(\.email) == ["hanako@example.com"])
        #expect(try store.dueMail().map(\.mail.recipient) == ["hanako@example.com"])
        // Hanako keeps everything.
        #expect(try store.sessionCount(accountID: hanako.id) == 1 && storage.identities(accountID: hanako.id).count == 1)
        #expect(try storage.refreshTokens(accountID: hanako.id, since: nil).count == 1)
        // The address is free again.
        #expect(try authenticator.signUp(email: "taro@example.com", displayName: "N", nameKey: "n", password: "x y z w").created
            .get().id > hanako.id)
    }
}
