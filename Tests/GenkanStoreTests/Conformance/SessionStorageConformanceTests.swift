import Testing
@testable import GenkanStore

/// What every `Storage` must do with sessions and refresh tokens, and the rules `AccountStore`
/// keeps over them.
@Suite struct SessionStorageConformanceTests {
    let clock = ManualClock()

    @Test(arguments: StoreKind.available) func sessionsLiveUntilExpiryIdlenessOrValidSince(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let policy = SessionPolicy(lifetime: 1000, idleTimeout: 300, touchInterval: 60)
        let store = try database.connect(clock: clock, sessionPolicy: policy)
        let other = try database.connect(clock: clock, sessionPolicy: policy)
        let taro = try createTaro(in: store)
        let (token, session) = try store.createSession(accountID: taro.id, userAgent: "  Firefox  ")
        #expect(session.userAgent == "Firefox" && session.expiresAt == clock.now + 1000)
        // Another connection (another server) finds it, and sees it touched.
        clock.advance(by: 200)
        #expect(try other.session(token: token)?.session.lastSeenAt == clock.now)
        clock.advance(by: 299)
        #expect(try store.session(token: token) != nil)
        clock.advance(by: 300)
        #expect(try store.session(token: token) == nil)  // idle too long
        #expect(try store.sessionCount(accountID: taro.id) == 0)  // and deleted
        // valid_since ends sessions created before it, on every connection.
        let (second, _) = try store.createSession(accountID: taro.id)
        clock.advance(by: 1)
        try store.endEverySession(accountID: taro.id)
        #expect(try other.session(token: second) == nil)
        // Expiry whatever the activity.
        let (third, _) = try store.createSession(accountID: taro.id)
        for _ in 0..<4 {
            clock.advance(by: 250)
            _ = try store.session(token: third)
        }
        #expect(try store.session(token: third) == nil)
    }

    @Test(arguments: StoreKind.available) func theDeviceListAndEndingSessions(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try createTaro(in: store)
        let hanako = try createTaro(in: store, "hanako@example.com")
        let (first, _) = try store.createSession(accountID: taro.id, userAgent: "one")
        clock.advance(by: 10)
        let (second, _) = try store.createSession(accountID: taro.id, userAgent: "two")
        let (hanakos, _) = try store.createSession(accountID: hanako.id)
        let list = try store.sessions(accountID: taro.id, currentToken: first)
        #expect(list.map(\.userAgent) == ["two", "one"] && list.map(\.isCurrent) == [false, true])
        // A handle of another account's session ends nothing.
        let hanakosHandle = try #require(try store.sessions(accountID: hanako.id).first?.handle)
        #expect(try !store.endSession(accountID: taro.id, handle: hanakosHandle))
        #expect(try !store.endSession(accountID: taro.id, handle: "not-a-handle"))
        #expect(try store.endSession(accountID: taro.id, handle: list[0].handle))
        #expect(try store.session(token: second) == nil && store.session(token: first) != nil)
        let (third, _) = try store.createSession(accountID: taro.id)
        #expect(try store.endOtherSessions(sessionToken: first) == 1)
        #expect(try store.session(token: third) == nil && store.session(token: first) != nil)
        #expect(try store.session(token: hanakos) != nil)
        // A disabled account has no live session.
        try store.setDisabled(accountID: taro.id, true)
        #expect(try store.sessions(accountID: taro.id).isEmpty && store.session(token: first) == nil)
    }

    @Test(arguments: StoreKind.available) func theSweepDeletesWhatIsNoLongerLive(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock, sessionPolicy: SessionPolicy(lifetime: 1000, idleTimeout: 300, touchInterval: 60))
        let taro = try createTaro(in: store)
        _ = try store.createSession(accountID: taro.id)
        let (kept, _) = try store.createSession(accountID: taro.id)
        clock.advance(by: 200)
        _ = try store.session(token: kept)
        clock.advance(by: 150)
        #expect(try store.deleteExpiredSessions() == 1)
        #expect(try store.session(token: kept) != nil)
    }

    @Test(arguments: StoreKind.available) func refreshTokensFollowTheAccount(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let other = try database.connect(clock: clock)
        let taro = try createTaro(in: store)
        let token = try store.createRefreshToken(accountID: taro.id, authTime: clock.now - 5, signInProvider: "google.com")
        let grant = try #require(try other.refreshGrant(token: token))
        #expect(grant.account.id == taro.id && grant.authTime == clock.now - 5 && grant.signInProvider == "google.com")
        #expect(try store.refreshGrant(token: Secret.token()) == nil && store.refreshGrant(token: "short") == nil)
        // Disabled: still found (the caller answers USER_DISABLED); enabled again: void.
        clock.advance(by: 1)
        try store.setDisabled(accountID: taro.id, true)
        #expect(try other.refreshGrant(token: token)?.account.isDisabled == true)
        try store.setDisabled(accountID: taro.id, false)
        #expect(try other.refreshGrant(token: token) == nil)
        // Listing: the tokens issued since valid_since.
        let fresh = try store.createRefreshToken(accountID: taro.id, authTime: clock.now)
        #expect(try store.storage.refreshTokens(accountID: taro.id, since: clock.now).count == 1)
        _ = fresh
        try store.deleteAccount(id: taro.id)
        #expect(try store.refreshGrant(token: fresh) == nil && store.refreshTokenCount(accountID: taro.id) == 0)
    }
}
