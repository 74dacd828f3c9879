import Testing
@testable import GenkanStore

/// What every `Storage` must do with what migration 5 added for the Firebase-compatible API: uids,
/// accounts without an address, the anonymous flag, custom claims (on accounts and refresh
/// tokens), the kinds of mail requests, and sign-in codes.
@Suite struct APIAccountConformanceTests {
    let clock = ManualClock()

    func row(uid: String, email: String? = nil, anonymous: Bool = false, createdAt: Int64 = 1_800_000_000, claims: String? = nil)
        -> AccountRow
    {
        AccountRow(
            uid: uid, email: email, emailKey: email.map(AccountStore.emailKey), displayName: "", nameKey: "", passwordHash: nil,
            createdAt: createdAt, isAnonymous: anonymous, customClaims: claims)
    }

    /// A constraint error, and nothing else, from `body`.
    func expectConstraint(_ comment: Comment, _ body: () throws(StoreError) -> Void) {
        do {
            try body()
            Issue.record("accepted: \(comment)")
        } catch {
            #expect(error.code == .constraint, comment)
        }
    }

    @Test(arguments: StoreKind.available) func uidsAreUniqueExactAndOneTo128CodePoints(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let storage = try database.storage()
        let guest = try storage.insertAccount(row(uid: "Guest-1", anonymous: true))
        // Several accounts may have no address: the address key is unique only among those that have one.
        let other = try storage.insertAccount(row(uid: "guest-1"))
        let taro = try storage.insertAccount(row(uid: "ユーザー🎌", email: "Taro@Example.com", claims: #"{"admin":true}"#))
        let found = try #require(try storage.storedAccount(uid: "Guest-1"))
        #expect(found.account.id == guest && found.account.isAnonymous && !found.account.hasEmail && found.account.email == "")
        #expect(found.emailKey == nil && found.passwordHash == nil && found.account.customClaims == nil)
        // Compared exactly: case matters.
        #expect(try storage.storedAccount(uid: "guest-1")?.account.id == other)
        #expect(try storage.storedAccount(uid: "GUEST-1") == nil)
        let withAddress = try #require(try storage.storedAccount(uid: "ユーザー🎌"))
        #expect(withAddress.account.id == taro && withAddress.account.email == "Taro@Example.com" && !withAddress.account.isAnonymous)
        #expect(withAddress.account.customClaims == #"{"admin":true}"# && withAddress.emailKey == "taro@example.com")
        #expect(try storage.storedAccount(id: taro)?.account.uid == "ユーザー🎌")
        #expect(try storage.storedAccount(emailKey: "taro@example.com")?.account.uid == "ユーザー🎌")
        #expect(try storage.accounts(afterID: 0, limit: 10).map(\.account.uid) == ["Guest-1", "guest-1", "ユーザー🎌"])

        expectConstraint("a uid in use") { () throws(StoreError) in _ = try storage.insertAccount(row(uid: "Guest-1")) }
        expectConstraint("an empty uid") { () throws(StoreError) in _ = try storage.insertAccount(row(uid: "")) }
        // The limit counts code points, not bytes: 128 three-byte characters fit, 129 do not.
        _ = try storage.insertAccount(row(uid: String(repeating: "あ", count: 128)))
        expectConstraint("a uid of 129 characters") { () throws(StoreError) in
            _ = try storage.insertAccount(row(uid: String(repeating: "a", count: 129)))
        }
        #expect(try storage.storedAccount(uid: String(repeating: "あ", count: 128)) != nil)
        #expect(try storage.storedAccount(uid: String(repeating: "a", count: 129)) == nil)
    }

    @Test(arguments: StoreKind.available) func claimsAndTheAnonymousFlagAreSetAndBounded(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let storage = try database.storage()
        let id = try storage.insertAccount(row(uid: "u1", anonymous: true))
        #expect(try storage.setCustomClaims(accountID: id, #"{"role":"editor"}"#))
        #expect(try storage.account(id: id)?.customClaims == #"{"role":"editor"}"#)
        #expect(try storage.setCustomClaims(accountID: id, nil))
        #expect(try storage.account(id: id)?.customClaims == nil)
        #expect(try storage.setAnonymous(accountID: id, false))
        #expect(try storage.account(id: id)?.isAnonymous == false)
        #expect(try !storage.setCustomClaims(accountID: id + 100, "{}") && !storage.setAnonymous(accountID: id + 100, true))
        // The limit is 1,000 bytes of UTF-8: 998 bytes fit, 1,001 do not, and nothing is written.
        let fits = #"{"r":""# + String(repeating: "あ", count: 330) + #""}"#
        let over = #"{"r":""# + String(repeating: "あ", count: 331) + #""}"#
        #expect(fits.utf8.count == 998 && over.utf8.count == 1001 && over.count < 1000)
        #expect(try storage.setCustomClaims(accountID: id, fits))
        expectConstraint("claims over 1,000 bytes") { () throws(StoreError) in _ = try storage.setCustomClaims(accountID: id, over) }
        #expect(try storage.account(id: id)?.customClaims == fits)
        expectConstraint("a new account's claims over 1,000 bytes") { () throws(StoreError) in
            _ = try storage.insertAccount(row(uid: "u2", claims: over))
        }
        // The store refuses them before the database does.
        let store = try database.connect(clock: clock)
        expectConstraint("the store's check") { () throws(StoreError) in _ = try store.setCustomClaims(accountID: id, over) }
    }

    @Test(arguments: StoreKind.available) func unusedAnonymousAccountsAreFoundByEveryUse(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let storage = store.storage
        let start = clock.now
        let idle = try storage.insertAccount(row(uid: "idle", anonymous: true, createdAt: start))
        let signedIn = try storage.insertAccount(row(uid: "signed-in", anonymous: true, createdAt: start))
        try storage.setLastLogin(accountID: signedIn, start + 250)
        let refreshed = try storage.insertAccount(row(uid: "refreshed", anonymous: true, createdAt: start))
        try storage.insertRefreshToken(
            RefreshTokenRow(
                key: Array(repeating: 7, count: 32), accountID: refreshed, createdAt: start, authTime: start, signInProvider: "anonymous",
                lastUsedAt: start + 300))
        _ = try storage.insertAccount(row(uid: "kept", anonymous: false, createdAt: start))
        let young = try storage.insertAccount(row(uid: "young", anonymous: true, createdAt: start + 250))
        #expect(try storage.unusedAnonymousAccounts(before: start + 200, limit: 10) == [idle])
        #expect(try storage.unusedAnonymousAccounts(before: start + 400, limit: 10) == [idle, signedIn, refreshed, young])
        #expect(try storage.unusedAnonymousAccounts(before: start + 400, limit: 2) == [idle, signedIn])
        // The store's sweep deletes them with their tokens, and only them.
        clock.advance(by: 260)
        #expect(try store.deleteUnusedAnonymousAccounts(unusedFor: 60) == 1)
        #expect(try storage.account(id: idle) == nil && storage.account(id: signedIn) != nil)
        clock.advance(by: 1000)
        #expect(try store.deleteUnusedAnonymousAccounts(unusedFor: 60) == 3)
        #expect(try store.refreshTokenCount(accountID: refreshed) == 0)
        #expect(try storage.accounts(afterID: 0, limit: 10).map(\.account.uid) == ["kept"])
    }

    @Test(arguments: StoreKind.available) func refreshTokensKeepTheirCustomTokenClaims(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let other = try database.connect(clock: clock)
        let account = try store.createAddresslessAccount(uid: "backend-user-42", anonymous: false)
        let token = try store.createRefreshToken(
            accountID: account.id, authTime: clock.now, signInProvider: "custom", claims: #"{"tier":"gold"}"#)
        let plain = try store.createRefreshToken(accountID: account.id, authTime: clock.now)
        let grant = try #require(try other.refreshGrant(token: token))
        #expect(grant.claims == #"{"tier":"gold"}"# && grant.signInProvider == "custom" && grant.account.uid == "backend-user-42")
        #expect(try other.refreshGrant(token: plain)?.claims == nil)
        let over = "{\"r\":\"" + String(repeating: "x", count: 995) + "\"}"
        expectConstraint("claims over 1,000 bytes") { () throws(StoreError) in
            _ = try store.createRefreshToken(accountID: account.id, authTime: clock.now, claims: over)
        }
        // Revocation: a token from before valid_since answers `.revoked` once, then is gone.
        clock.advance(by: 1)
        try store.storage.setValidSince(accountID: account.id, clock.now)
        #expect(try other.refresh(token: token) == .revoked)
        #expect(try other.refresh(token: token) == .unknown)
    }

    @Test(arguments: StoreKind.available) func mailRequestsKeepTheirKind(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let reset = try store.recordResetRequest(email: "a@example.com", locale: "ja")
        let link = try store.recordResetRequest(email: "b@example.com", locale: "de", kind: .signIn)
        let pending = try database.connect(clock: clock).pendingResetRequests()
        #expect(pending.map(\.id) == [reset, link] && pending.map(\.kind) == [.resetPassword, .signIn])
        #expect(pending.map(\.locale) == ["ja", "de"])
    }

    @Test(arguments: StoreKind.available) func signInCodesWorkOnceAndFollowTheAddress(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        // An address without an account gets a code too (using it makes the account).
        let first = try store.issueSignInCode(email: "New@Example.com")
        #expect(first.expiresAt == clock.now + ActionCodePolicy.standard.signIn && first.mailID == nil)
        #expect(try store.inspectSignInCode(first.token).map(\.email) == .success("New@Example.com"))
        // A newer code for the address (case aside) ends the older unused one.
        let second = try store.issueSignInCode(email: "new@example.com")
        #expect(try store.inspectSignInCode(first.token) == .failure(.invalid))
        // Exactly one of several connections uses it.
        let outcomes = Outcomes<Bool>()
        runTogether(8) { _ in
            guard let connection = try? database.connect(clock: self.clock), let result = try? connection.consumeSignInCode(second.token)
            else { return }
            outcomes.append((try? result.get()) != nil)
        }
        #expect(outcomes.all.count == 8 && outcomes.all.filter { $0 }.count == 1)
        #expect(try store.inspectSignInCode(second.token) == .failure(.invalid))
        // A used code stays until the sweep, which a new code does not end early.
        let row = try #require(try store.storage.signInCode(key: AccountStore.codeKey(token: second.token)))
        #expect(row.consumedAt == clock.now && row.emailKey == "new@example.com")
        let third = try store.issueSignInCode(email: "new@example.com")
        #expect(try store.storage.signInCode(key: AccountStore.codeKey(token: second.token)) != nil)
        #expect(try store.storage.deleteSignInCodes(emailKey: "new@example.com", unusedOnly: true) == 1)
        #expect(try store.inspectSignInCode(third.token) == .failure(.invalid))
        // Expiry: the code answers `.expired`, then the sweep deletes it with the used one.
        let fourth = try store.issueSignInCode(email: "new@example.com")
        clock.advance(by: ActionCodePolicy.standard.signIn)
        #expect(try store.inspectSignInCode(fourth.token) == .failure(.expired))
        #expect(try store.consumeSignInCode(fourth.token) == .failure(.expired))
        #expect(try store.deleteExpiredCodes() == 2)
        // Deleting an account deletes the codes of its address.
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "Taro", nameKey: "taro", passwordHash: "$x"))
        let taros = try store.issueSignInCode(email: "Taro@example.com")
        try store.deleteAccount(id: taro.id)
        #expect(try store.storage.signInCode(key: AccountStore.codeKey(token: taros.token)) == nil)
        #expect(try store.inspectSignInCode("not a token") == .failure(.invalid))
    }
}
