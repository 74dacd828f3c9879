import Foundation
import GenkanHTTPTesting
import Testing
@testable import GenkanHTTP
@testable import GenkanServer
@testable import GenkanStore

/// The findings that came from the pages and the API each having their own version of an
/// operation: every door now calls the same core, so each of these holds through both.
@Suite struct OneCoreTests {
    static let password = "correct horse battery"

    enum Door: String, CaseIterable, CustomTestStringConvertible {
        case page, api
        var testDescription: String { rawValue }
    }

    /// An account made by a provider that did not verify the address (a stranger's, say), with a
    /// browser session and an app's refresh token.
    func strangersAccount(_ fixture: AppFixture) throws -> (account: Account, session: String, refresh: String) {
        try fixture.googleAccount(subject: "stranger", verified: false)
    }

    /// The finding: a reset through the API kept the identities the page's reset removes. Now the
    /// same core runs: identities linked while the address was unproven end, every session and
    /// refresh token ends, the address counts as proven, and the notice goes.
    @Test(arguments: Door.allCases) func aResetDoesTheSameThroughEveryDoor(door: Door) async throws {
        let fixture = try AppFixture.firebase()
        let (account, session, refresh) = try strangersAccount(fixture)
        let api = fixture.firebase()
        #expect(await api.call("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "taro@example.com"]).status == 200)
        try await Task.sleep(for: .milliseconds(200))
        let link = try #require(try fixture.mails.all.compactMap { $0.link("/password/reset") }.last)
        let code = String(link.split(separator: "=").last!)
        switch door {
        case .page:
            let browser = fixture.client(language: "en")
            let page = await browser.get(link.replacingOccurrences(of: "http://genkan.test", with: ""))
            let reset = await browser.post(
                "/password/reset",
                [("csrf", page.csrf ?? ""), ("code", code), ("new-password", "another horse battery"),
                 ("password-confirmation", "another horse battery")])
            #expect(reset.status == 303)
        case .api:
            let reset = await api.call("accounts:resetPassword", ["oobCode": code, "newPassword": "another horse battery"])
            #expect(reset.status == 200 && reset.string("email") == "taro@example.com")
        }
        let store = try AccountStore(location: fixture.configuration.database)
        #expect(try store.providerIdentities(accountID: account.id) == ([], true))
        #expect(try store.session(token: session) == nil && store.refreshGrant(token: refresh) == nil)
        #expect(try store.sessionCount(accountID: account.id) == (door == .page ? 1 : 0))
        #expect(try store.account(id: account.id)?.isVerified == true)
        let notice = try #require(try fixture.mails.all.last)
        #expect(notice.recipient == "taro@example.com" && notice.text.contains("/password/forgot"))
        // The stranger's Google identity no longer signs in to the account.
        #expect(try store.account(issuer: "https://accounts.google.com", subject: "stranger") == nil)
    }

    /// The finding: with `--private-signup`, the API's sign-up answered `EMAIL_EXISTS`. Now every
    /// address gets the same refusal and nothing is created.
    @Test func privateSignUpRevealsNothingThroughTheAPI() async throws {
        let fixture = try AppFixture.firebase { $0.privateSignUp = true }
        let store = try AccountStore(location: fixture.configuration.database)
        _ = try Authenticator(store: store, hasher: PasswordHasher(operations: 1, memory: 8 * 1024))
            .signUp(email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: Self.password).created.get()
        let api = fixture.firebase()
        let taken = await api.signUp("taro@example.com")
        let free = await api.signUp("jiro@example.com")
        #expect(taken.status == free.status && taken.body == free.body)
        #expect(taken.body == FirebaseClient.errorBody("ADMIN_ONLY_OPERATION"))
        #expect(try store.account(email: "jiro@example.com") == nil)
    }

    /// The finding: `VERIFY_AND_CHANGE_EMAIL` answered `EMAIL_EXISTS` for a taken address under
    /// `--private-signup`. Now a taken address answers as a free one, and its owner is told.
    @Test func aTakenNewAddressAnswersLikeAFreeOneWhenSignUpIsPrivate() async throws {
        for isPrivate in [false, true] {
            let fixture = try AppFixture.firebase { $0.privateSignUp = isPrivate }
            let store = try AccountStore(location: fixture.configuration.database)
            let authenticator = try Authenticator(store: store, hasher: PasswordHasher(operations: 1, memory: 8 * 1024))
            for email in ["taro@example.com", "hanako@example.com"] {
                _ = try authenticator.signUp(email: email, displayName: "N", nameKey: "n", password: Self.password, sendsVerification: false)
                    .created.get()
            }
            let api = fixture.firebase()
            let token = try #require(await api.signIn().string("idToken"))
            let change = { (email: String) in
                await api.call("accounts:sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": token, "newEmail": email])
            }
            let before = try fixture.mails.all.count
            let taken = await change("HANAKO@example.com")
            let afterTaken = try fixture.mails.all.dropFirst(before)
            let free = await change("jiro@example.com")
            if isPrivate {
                #expect(taken.status == free.status && Set(taken.json.keys) == Set(free.json.keys) && taken.body == free.body)
                // Hanako is told someone tried; no link to change anything goes to her.
                #expect(afterTaken.map(\.recipient) == ["hanako@example.com"])
                #expect(afterTaken.first?.link("/account/email/confirm") == nil)
            } else {
                #expect(taken.body == FirebaseClient.errorBody("EMAIL_EXISTS") && afterTaken.isEmpty)
            }
        }
    }

    // MARK: Sessions and tokens

    /// An app signed in through the API (a refresh token) is a device: listed, and signed out by
    /// "sign out everywhere else" or by its own button.
    @Test func appsAreDevicesThatSignOut() async throws {
        let fixture = try AppFixture.firebase()
        let browser = fixture.client(language: "en")
        #expect(await browser.submit("/signup", [
            ("name", "Taro"), ("email", "taro@example.com"), ("password", Self.password), ("password-confirmation", Self.password),
        ]).status == 303)
        let api = fixture.firebase()
        let first = try #require(await api.signIn().string("refreshToken"))
        let second = try #require(await api.signIn().string("refreshToken"))
        let refresh = { (token: String) in
            await api.call("/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": token])
        }
        let page = await browser.get("/account/sessions")
        #expect(page.body.components(separatedBy: "App, signed in with <bdi>Password</bdi>").count == 3)
        // One app signed out by its own button: its handle is in the page.
        let handles = SiteClient.allMatches(#"name="session" value="([0-9a-f]{16})""#, in: page.body)
        #expect(handles.count == 2)
        #expect(await browser.post("/account/sessions/end", [("csrf", page.csrf ?? ""), ("session", handles[0])]).status == 303)
        let stillWorking = [await refresh(first), await refresh(second)].filter { $0.status == 200 }.count
        #expect(stillWorking == 1)
        // Everywhere else: the other app too.
        let again = await browser.get("/account/sessions")
        #expect(await browser.post("/account/sessions/end-others", [("csrf", again.csrf ?? "")]).status == 303)
        let firstAfter = await refresh(first), secondAfter = await refresh(second)
        #expect(firstAfter.error == "INVALID_REFRESH_TOKEN" && secondAfter.error == "INVALID_REFRESH_TOKEN")
        #expect(await browser.get("/account").status == 200)  // this browser stays signed in
    }

    /// A confirmed address change ends the apps' refresh tokens, as Firebase revokes them.
    @Test func aConfirmedAddressChangeRevokesRefreshTokens() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let refresh = try #require(created.string("refreshToken")), token = try #require(created.string("idToken"))
        #expect(await api.call("accounts:sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": token, "newEmail": "new@example.com"]).status == 200)
        let link = try #require(try fixture.mails.all.compactMap { $0.link("/account/email/confirm") }.last)
        let code = String(link.split(separator: "=").last!)
        #expect(await api.call("accounts:update", ["oobCode": code]).status == 200)
        let refreshed = await api.call("/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": refresh])
        #expect(refreshed.error == "INVALID_REFRESH_TOKEN")
        #expect(await api.signIn("new@example.com").status == 200)
    }

    /// Disabling ends the refresh tokens: refused as disabled meanwhile, and still refused once the
    /// account is enabled again — as revoked (`TOKEN_EXPIRED`, production's answer to a token older
    /// than `validSince`).
    @Test func disablingRevokesRefreshTokens() async throws {
        let clock = TestClock()
        let fixture = try AppFixture.firebase(clock: clock)
        let api = fixture.firebase()
        let refresh = try #require(await api.signUp().string("refreshToken"))
        let path = "/securetoken.googleapis.com/v1/token"
        let store = try AccountStore(location: fixture.configuration.database, clock: clock.storeClock)
        clock.advance(by: 1)
        try store.setDisabled(accountID: 1, true)
        #expect(await api.call(path, ["grantType": "refresh_token", "refreshToken": refresh]).error == "USER_DISABLED")
        try store.setDisabled(accountID: 1, false)
        #expect(await api.call(path, ["grantType": "refresh_token", "refreshToken": refresh]).error == "TOKEN_EXPIRED")
        #expect(await api.call(path, ["grantType": "refresh_token", "refreshToken": refresh]).error == "INVALID_REFRESH_TOKEN")
        #expect(await api.signIn().status == 200)
    }
}
