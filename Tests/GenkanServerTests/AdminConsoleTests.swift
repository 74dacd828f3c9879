import Foundation
import GenkanHTTP
import GenkanHTTPTesting
import GenkanLocalization
import Testing
@testable import GenkanServer
@testable import GenkanStore

/// The admin console in-process over real SQLite: nobody but an administrator finds it, every
/// action needs the session's token and a recent password, and leaves an event naming the
/// administrator.
@Suite struct AdminConsoleTests {
    let model = AuthErrorModel()
    static let password = "correct horse battery"
    static let adminPassword = "purple admin staple 42"

    func text(_ key: String, _ locale: String = "en") -> String { escaped(model.text(key, locale: locale)) }

    /// Taro (a user) and Hanako (made an administrator from the command line's operation), both
    /// signed in; the store on the same file for reading what happened.
    func setUp(_ configure: (inout GenkanConfiguration) -> Void = { _ in }) async throws -> (AppFixture, TestClient, TestClient, Database) {
        let fixture = try AppFixture(configure: configure)
        let taroClient = fixture.client(language: "en")
        try #require(await taroClient.submit("/signup", taro).status == 303)
        let hanako = fixture.client(language: "en")
        try #require(
            await hanako.submit("/signup", [
                ("name", "Hanako"), ("email", "hanako@example.com"), ("password", Self.adminPassword), ("password-confirmation", Self.adminPassword),
            ]).status == 303)
        let store = Database(path: fixture.directory + "/genkan.sqlite", clock: fixture.configuration.clock)
        guard case .changed = try store.core({ try $0.grantAdministrator(email: "hanako@example.com") }) else {
            Issue.record("not granted")
            throw CancellationError()
        }
        return (fixture, taroClient, hanako, store)
    }

    /// The fixture's database, read and written through a connection opened for each call and
    /// closed after it (a connection kept open beside the server's would hold SQLite's locks).
    struct Database {
        let path: String
        let clock: StoreClock

        func core<T>(_ body: (Authenticator) throws -> T) throws -> T {
            try body(try Authenticator(store: try AccountStore(path: path, clock: clock)))
        }

        func account(email: String) throws -> Account? { try core { try $0.account(email: email) } }
        func account(uid: String) throws -> Account? { try core { try $0.account(uid: uid) } }
        func events(uid: String, limit: Int) throws -> [AccountEvent] { try core { try $0.events(uid: uid, limit: limit) } }
    }

    static let paths = [
        "/admin", "/admin/users", "/admin/users?q=taro", "/admin/users/some-uid", "/admin/users/some-uid/disable", "/admin/users/some-uid/delete",
        "/admin/events", "/admin/events?type=account.created", "/admin/reauthenticate", "/admin/nothing-here",
    ]

    @Test func theConsoleIsA404ToEveryoneButAnAdministrator() async throws {
        let (fixture, taroClient, hanako, _) = try await setUp()
        let unknown = await fixture.client().get("/no-such-page")
        for path in Self.paths {
            for client in [fixture.client(), taroClient] {
                let get = await client.get(path)
                #expect(get.status == 404 && get.body == unknown.body, "GET \(path)")
                let post = await client.post(path, [("csrf", "x")])
                #expect(post.status == 404, "POST \(path)")
            }
        }
        #expect(await hanako.get("/admin").header("Location") == "/admin/users")
        #expect(await hanako.get("/admin/users").status == 200)
        #expect(await hanako.get("/admin/events").status == 200)
        #expect(await hanako.get("/admin/nothing-here").status == 404)
        #expect(await hanako.post("/admin/users", [("csrf", "x")]).status == 405)
    }

    @Test func findingUsersByAddressUidOrName() async throws {
        let (fixture, _, hanako, store) = try await setUp()
        defer { withExtendedLifetime(fixture) {} }  // its app serves the clients
        let taroUID = try #require(try store.account(email: "taro@example.com")?.uid)
        let all = await hanako.get("/admin/users")
        #expect(all.body.contains("<dd id=\"count-total\">2</dd>") && all.body.contains("<dd id=\"count-administrators\">1</dd>"))
        #expect(all.body.contains("<dd id=\"count-unverified\">2</dd>"))
        // Newest first.
        let rows = all.body.components(separatedBy: "data-uid=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(rows.count == 2 && rows.last == taroUID)
        for query in ["TARO@", "taro", taroUID, "ﾀﾛｳ"] {
            let found = await hanako.get("/admin/users?q=" + FormData.percentEncoded(query))
            let uids = found.body.components(separatedBy: "data-uid=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(uids == [taroUID], "\(query)")
        }
        let none = await hanako.get("/admin/users?q=nobody")
        #expect(none.body.contains(text("ui.admin.users.none")))
        let page = await hanako.get("/admin/users/" + taroUID)
        #expect(page.status == 200 && page.body.contains("<dd id=\"profile-email\">taro@example.com</dd>"))
        for action in ["disable", "send-reset", "end-sessions", "verify-email", "set-claims", "delete"] {
            #expect(page.body.contains("data-admin-action=\"\(action)\""), "\(action)")
        }
        #expect(await hanako.get("/admin/users/no-such-uid").status == 404)
    }

    @Test func eachActionWorksAndLeavesAnEventNamingTheAdministrator() async throws {
        let (fixture, taroClient, hanako, store) = try await setUp()
        let taroUID = try #require(try store.account(email: "taro@example.com")?.uid)
        let hanakoUID = try #require(try store.account(email: "hanako@example.com")?.uid)
        let page = await hanako.get("/admin/users/" + taroUID)
        let csrf = try #require(page.csrf)
        func act(_ action: String, _ fields: [(String, String)] = []) async -> TestClient.Response {
            await hanako.post("/admin/users/\(taroUID)/\(action)", [("csrf", csrf)] + fields)
        }
        // A forged token is refused and changes nothing.
        #expect(await hanako.post("/admin/users/\(taroUID)/disable", [("csrf", "forged")]).status == 403)
        #expect(try store.account(uid: taroUID)?.isDisabled == false)

        let disabled = await act("disable")
        #expect(disabled.status == 303 && disabled.header("Location") == "/admin/users/" + taroUID)
        #expect(await hanako.get("/admin/users/" + taroUID).body.contains(text("ui.activity.event.account-disabled")))
        #expect(await taroClient.get("/account").status == 303)  // the session ended
        let refused = await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", Self.password)])
        #expect(refused.status != 303)
        #expect(await act("enable").status == 303)
        #expect(await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)

        #expect(await act("send-reset").status == 303)
        #expect(try fixture.mails.all.last.map { $0.recipient == "taro@example.com" && $0.link("/password/reset") != nil } == true)
        let phone = fixture.client()
        #expect(await phone.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)
        #expect(await act("end-sessions").status == 303)
        #expect(await phone.get("/account").status == 303)
        #expect(await act("verify-email").status == 303)
        #expect(try store.account(uid: taroUID)?.isVerified == true)

        // Claims are checked as Firebase checks them; a refusal writes nothing.
        let reserved = await act("set-claims", [("claims", #"{"iss":"me"}"#)])
        #expect(reserved.status == 422 && reserved.body.contains("iss"))
        let notObject = await act("set-claims", [("claims", "[1,2]")])
        #expect(notObject.status == 422 && notObject.body.contains(text("ui.admin.claims.invalid")))
        #expect(await act("set-claims", [("claims", #"{"role":"editor","level":3}"#)]).status == 303)
        #expect(try store.account(uid: taroUID)?.customClaims == #"{"role":"editor","level":3}"#)
        // No passkey to remove.
        #expect(await act("remove-passkeys").status == 422)

        let mismatch = await act("delete", [("confirm", "someone@example.com")])
        #expect(mismatch.status == 422 && mismatch.body.contains(text("ui.admin.delete.mismatch")))
        #expect(try store.account(uid: taroUID) != nil)
        let deleted = await act("delete", [("confirm", "taro@example.com")])
        #expect(deleted.status == 303 && deleted.header("Location") == "/admin/users")
        #expect(try store.account(uid: taroUID) == nil)

        // Every action an event by Hanako through the console, oldest first.
        let byAdmin = try store.events(uid: taroUID, limit: 100).reversed().filter { $0.actor == .administrator(uid: hanakoUID) }
        #expect(
            byAdmin.map(\.type) == [
                .accountDisabled, .accountEnabled, .passwordResetSent, .sessionsEnded, .emailVerified, .claimsChanged, .accountDeleted,
            ])
        #expect(byAdmin.allSatisfy { $0.details.door == .admin && $0.client == "127.0.0.1" })
        let events = await hanako.get("/admin/events?uid=" + taroUID)
        #expect(events.body.contains("data-actor=\"admin:\(hanakoUID)\""))
        let filtered = await hanako.get("/admin/events?type=account.disabled")
        #expect(filtered.body.components(separatedBy: "<tr data-event=").count == 2)
    }

    /// The user page says whether the account has a second factor, since when and how many
    /// recovery codes are unused, never its secret; removing it lets the owner in with the
    /// password alone, mails them and is the administrator's event.
    @Test func theSecondFactorIsShownButNotItsSecretAndRemoved() async throws {
        let (fixture, taroClient, hanako, store) = try await setUp { $0.twoFactorKeys = TwoFactorPageTests.keys }
        let taro = try #require(try store.account(email: "taro@example.com"))
        let hanakoUID = try #require(try store.account(email: "hanako@example.com")?.uid)
        let off = await hanako.get("/admin/users/" + taro.uid)
        #expect(off.body.contains("data-second-factor=\"off\"") && !off.body.contains("data-admin-action=\"remove-second-factor\""))
        try AccountStore(path: fixture.directory + "/genkan.sqlite").markVerified(accountID: taro.id)
        let (totp, recoveryCodes) = try await TwoFactorPageTests().enrol(taroClient)

        let page = await hanako.get("/admin/users/" + taro.uid)
        #expect(page.body.contains("data-second-factor=\"on\"") && page.body.contains("data-admin-action=\"remove-second-factor\""))
        #expect(page.body.contains(">" + escaped(model.text("ui.two-factor.codes-left", locale: "en")).replacingOccurrences(of: "%@", with: "10") + "<"))
        #expect(!page.body.contains(Base32.encode(totp.secret)) && !recoveryCodes.contains { page.body.contains($0) })
        let removed = await hanako.post("/admin/users/\(taro.uid)/remove-second-factor", [("csrf", page.csrf ?? "")])
        #expect(removed.status == 303 && removed.header("Location") == "/admin/users/" + taro.uid)
        let after = await hanako.get("/admin/users/" + taro.uid)
        #expect(after.body.contains(text("ui.activity.event.second-factor-removed")) && after.body.contains("data-second-factor=\"off\""))
        let event = try #require(try store.events(uid: taro.uid, limit: 1).first)
        #expect(event.type == .secondFactorRemoved && event.actor == .administrator(uid: hanakoUID) && event.details.door == .admin)
        #expect(try fixture.mails.all.last.map { $0.recipient == "taro@example.com" && $0.text.contains(model.text("mail.two-factor.removed.body", locale: "en")) } == true)
        let signIn = await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", Self.password)])
        #expect(signIn.status == 303 && signIn.header("Location") == "/account")
        // Nothing left to remove: the page again, saying so.
        #expect(await hanako.post("/admin/users/\(taro.uid)/remove-second-factor", [("csrf", page.csrf ?? "")]).status == 422)
    }

    @Test func anActionNeedsThePasswordWithinFiveMinutes() async throws {
        let clock = TestClock()
        let (fixture, _, hanako, store) = try await setUp { $0.clock = clock.storeClock }
        defer { withExtendedLifetime(fixture) {} }  // its app serves the clients
        let taroUID = try #require(try store.account(email: "taro@example.com")?.uid)
        let page = await hanako.get("/admin/users/" + taroUID)
        clock.advance(by: 301)
        let stale = await hanako.post("/admin/users/\(taroUID)/disable", [("csrf", page.csrf ?? "")])
        #expect(stale.status == 303 && stale.header("Location") == "/admin/reauthenticate?next=" + FormData.percentEncoded("/admin/users/" + taroUID))
        #expect(try store.account(uid: taroUID)?.isDisabled == false)
        let form = await hanako.get(try #require(stale.header("Location")))
        #expect(form.body.contains(text("ui.admin.reauth.intro")))
        let wrong = await hanako.post("/admin/reauthenticate", [("csrf", form.csrf ?? ""), ("next", "/admin/users/" + taroUID), ("current-password", "nope")])
        #expect(wrong.status == 422)
        // Only a console path to return to.
        let elsewhere = await hanako.post(
            "/admin/reauthenticate", [("csrf", form.csrf ?? ""), ("next", "https://evil.example/"), ("current-password", Self.adminPassword)])
        #expect(elsewhere.status == 303 && elsewhere.header("Location") == "/admin/users")
        #expect(await hanako.post("/admin/users/\(taroUID)/disable", [("csrf", page.csrf ?? "")]).status == 303)
        #expect(try store.account(uid: taroUID)?.isDisabled == true)
    }

    @Test func aRevokedAdministratorIsOutAtOnce() async throws {
        let (fixture, _, hanako, store) = try await setUp()
        defer { withExtendedLifetime(fixture) {} }  // its app serves the clients
        let taroUID = try #require(try store.account(email: "taro@example.com")?.uid)
        let page = await hanako.get("/admin/users/" + taroUID)
        _ = try store.core { try $0.revokeAdministrator(email: "hanako@example.com") }
        #expect(await hanako.post("/admin/users/\(taroUID)/disable", [("csrf", page.csrf ?? "")]).status == 404)
        #expect(await hanako.get("/admin/users").status == 404)
        #expect(try store.account(uid: taroUID)?.isDisabled == false)
    }
}
