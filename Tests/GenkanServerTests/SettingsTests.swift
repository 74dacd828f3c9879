import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import GenkanStore
import GenkanValidation
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// Account settings with re-authentication, deletion and signed-in devices, in-process over a
/// real SQLite file; mail is read from the outbox table.
@Suite struct SettingsTests {
    let model = AuthErrorModel()
    static let password = "correct horse battery"

    func message(_ code: AuthErrorCode, _ locale: String) -> String { escaped(model.message(for: code, locale: locale)) }
    func text(_ key: String, _ locale: String = "en") -> String { escaped(model.text(key, locale: locale)) }

    /// Signs Taro up and returns his client (English unless asked).
    func taroSignedIn(_ fixture: AppFixture, language: String = "en", userAgent: String? = nil) async throws -> TestClient {
        let client = fixture.client(language: language)
        if let userAgent { client.userAgent = userAgent }
        try #require(await client.submit("/signup", taro).status == 303)
        return client
    }

    /// Another browser signed in to Taro's account.
    func secondDevice(_ fixture: AppFixture, userAgent: String? = nil) async throws -> TestClient {
        let client = fixture.client(language: "en")
        if let userAgent { client.userAgent = userAgent }
        try #require(await client.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)
        return client
    }

    @Test func settingsPagesNeedASessionAndComeBackAfterSignIn() async throws {
        let fixture = try AppFixture()
        for path in ["/account/name", "/account/password", "/account/email", "/account/delete", "/account/sessions"] {
            let page = await fixture.client().get(path)
            #expect(page.status == 303 && page.header("Location") == "/signin?return=" + path, "\(path)")
        }
        let client = try await taroSignedIn(fixture)
        let account = await client.get("/account")
        for path in ["/account/name", "/account/password", "/account/email", "/account/delete", "/account/sessions"] {
            #expect(account.body.contains("href=\"\(path)\""), "\(path)")
        }
        // A settings form's token is bound to the session: another visitor's token is refused.
        let stranger = await fixture.client().get("/signup")
        #expect(await client.post("/account/name", [("csrf", stranger.csrf ?? ""), ("name", "Jiro")]).status == 403)
    }

    // MARK: Name

    @Test func theNameChangesWithANoticeShownOnce() async throws {
        let fixture = try AppFixture()
        let client = try await taroSignedIn(fixture, language: "ja")
        let form = await client.get("/account/name")
        #expect(form.body.contains("value=\"タロウ Yamada\""))
        let bad = await client.post("/account/name", [("csrf", form.csrf ?? ""), ("name", " ")])
        #expect(bad.status == 422 && bad.body.contains("id=\"error-summary\""))
        let saved = await client.post("/account/name", [("csrf", form.csrf ?? ""), ("name", "ｼﾞﾛｳ")])
        #expect(saved.status == 303 && saved.header("Location") == "/account")
        let account = await client.get("/account")
        #expect(account.body.contains("<dd id=\"account-name\"><bdi>ジロウ</bdi></dd>"))
        #expect(account.body.contains(text("ui.notice.name-updated", "ja")))
        #expect(!(await client.get("/account").body.contains("class=\"notice\"")))
    }

    // MARK: Password

    @Test func aWrongCurrentPasswordChangesNothing() async throws {
        let fixture = try AppFixture()
        let client = try await taroSignedIn(fixture)
        let form = await client.get("/account/password")
        let wrong = await client.post("/account/password", [
            ("csrf", form.csrf ?? ""), ("current-password", "not my password"), ("new-password", "another passphrase 9"),
            ("password-confirmation", "another passphrase 9"),
        ])
        #expect(wrong.status == 422)
        #expect(wrong.body.contains("<div class=\"field-error\" id=\"current-password-error\" aria-live=\"polite\"><p>\(message(.wrongPassword, "en"))</p></div>"))
        #expect(!wrong.body.contains("not my password") && !wrong.body.contains("another passphrase 9"))
        #expect(await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)
    }

    @Test func aPasswordChangeEndsOtherSessionsAndRotatesThisOne() async throws {
        let fixture = try AppFixture()
        let client = try await taroSignedIn(fixture)
        let phone = try await secondDevice(fixture)
        let before = try #require(client.cookies["genkan_session"])
        let form = await client.get("/account/password")
        #expect(form.body.contains("autocomplete=\"current-password\"") && form.body.contains("id=\"new-password-checklist\""))
        let changed = await client.post("/account/password", [
            ("csrf", form.csrf ?? ""), ("current-password", Self.password), ("new-password", "another passphrase 9"),
            ("password-confirmation", "another passphrase 9"),
        ])
        #expect(changed.status == 303 && changed.header("Location") == "/account")
        let after = try #require(client.cookies["genkan_session"])
        #expect(after != before)
        #expect(await client.get("/account").body.contains(text("ui.notice.password-changed")))
        #expect(await phone.get("/account").header("Location") == "/signin")
        let old = fixture.client()
        old.cookies = ["genkan_session": before]
        #expect(await old.get("/account").header("Location") == "/signin")
        #expect(try fixture.mails.all.contains { $0.text.contains(model.text("mail.password-changed.body-kept", locale: "en")) })
        #expect(await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", "another passphrase 9")]).status == 303)
    }

    @Test func reauthenticationSpendsTheSignInAttemptsOfTheAccount() async throws {
        let fixture = try AppFixture { $0.rateLimits.signIn.perAddressAndAccount = .init(capacity: 2, refillPerMinute: 0) }
        let client = try await taroSignedIn(fixture)
        let form = await client.get("/account/delete")
        let attempt = [("csrf", form.csrf ?? ""), ("current-password", "guess"), ("confirm", "on")]
        for _ in 0..<2 { #expect(await client.post("/account/delete", attempt).status == 422) }
        let limited = await client.post("/account/delete", attempt)
        #expect(limited.status == 429 && limited.body.contains(message(.tooManyRequests, "en")))
        // The same buckets as sign-in: the account's sign-in from this address is limited too.
        #expect(await fixture.client().submit("/signin", [("email", "TARO@example.com"), ("password", Self.password)]).status == 429)
    }

    // MARK: E-mail address

    @Test func anAddressChangesOnlyWhenItsLinkIsOpenedAndCanBeUndone() async throws {
        let fixture = try AppFixture()
        let client = try await taroSignedIn(fixture)
        let phone = try await secondDevice(fixture)
        let form = await client.get("/account/email")
        let wrong = await client.post("/account/email", [("csrf", form.csrf ?? ""), ("current-password", "nope"), ("email", "new@example.com")])
        #expect(wrong.status == 422 && wrong.body.contains("value=\"new@example.com\""))
        let sent = await client.post("/account/email", [("csrf", form.csrf ?? ""), ("current-password", Self.password), ("email", "New@Example.com")])
        #expect(sent.status == 200 && sent.body.contains("We sent a link to <bdi>New@example.com</bdi>."))
        #expect(await client.get("/account").body.contains("<span id=\"account-email\" dir=\"auto\">taro@example.com</span>"))
        let change = try #require(try fixture.mails.all.last { $0.recipient == "New@example.com" })
        let link = try #require(change.link("/account/email/confirm"))
        let confirmPage = await fixture.client(language: "en").get(link)
        #expect(confirmPage.status == 200 && confirmPage.header("Referrer-Policy") == "no-referrer")
        #expect(confirmPage.body.contains("Use <bdi>New@example.com</bdi> as the email address of your account?"))
        let confirmed = await client.post("/account/email/confirm", [("csrf", (await client.get(link)).csrf ?? ""), ("code", code(link))])
        #expect(confirmed.status == 200 && confirmed.body.contains("Your email address is now <bdi>New@example.com</bdi>."))
        let account = await client.get("/account")
        #expect(account.body.contains("<span id=\"account-email\" dir=\"auto\">New@example.com</span>") && account.body.contains("status-verified"))
        // The old address is told, with a link that undoes the change and signs everyone out.
        let notice = try #require(try fixture.mails.all.last { $0.recipient == "taro@example.com" })
        #expect(notice.text.contains("The email address of your account was changed to \u{2068}New@example.com\u{2069}."))
        let undo = try #require(notice.link("/account/email/recover"))
        let stranger = fixture.client(language: "en")
        let undoPage = await stranger.get(undo)
        #expect(undoPage.body.contains("Change your email address back to <bdi>taro@example.com</bdi>?"))
        let undone = await stranger.post("/account/email/recover", [("csrf", undoPage.csrf ?? ""), ("code", code(undo))])
        #expect(undone.status == 200 && undone.body.contains("<bdi>taro@example.com</bdi> again"))
        #expect(await client.get("/account").header("Location") == "/signin")
        #expect(await phone.get("/account").header("Location") == "/signin")
        #expect(await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)
    }

    @Test func anAddressInUseIsSaidSoUnlessSignUpIsPrivate() async throws {
        for isPrivate in [false, true] {
            let fixture = try AppFixture { $0.privateSignUp = isPrivate }
            _ = await fixture.client().submit("/signup", [
                ("name", "Jiro"), ("email", "jiro@example.com"), ("password", "seven blue kites fly"),
                ("password-confirmation", "seven blue kites fly"),
            ])
            let client = fixture.client(language: "en")
            if isPrivate {
                // A private sign-up does not sign in: verify, then sign in.
                _ = await client.submit("/signup", taro)
                _ = await client.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)])
            } else {
                _ = await client.submit("/signup", taro)
            }
            let mailsBefore = try fixture.mails.all.count
            let form = await client.get("/account/email")
            let taken = await client.post("/account/email", [("csrf", form.csrf ?? ""), ("current-password", Self.password), ("email", "JIRO@example.com")])
            if isPrivate {
                #expect(taken.status == 200 && taken.body.contains("We sent a link to <bdi>JIRO@example.com</bdi>."))
                // No link to the taken address: its owner is told someone tried to use it.
                let sent = try fixture.mails.all.dropFirst(mailsBefore)
                #expect(sent.map(\.recipient) == ["jiro@example.com"])
                #expect(sent.first?.link("/account/email/confirm") == nil)
                #expect(sent.first?.text.contains("Someone signed in to another account tried to change") == true)
            } else {
                #expect(taken.status == 422 && taken.body.contains(message(.emailAlreadyInUse, "en")))
            }
        }
    }

    @Test func twoAccountsRacingForOneAddressHaveOneWinner() async throws {
        let fixture = try AppFixture()
        let taroClient = try await taroSignedIn(fixture)
        let jiro = fixture.client(language: "en")
        _ = await jiro.submit("/signup", [
            ("name", "Jiro"), ("email", "jiro@example.com"), ("password", "seven blue kites fly"), ("password-confirmation", "seven blue kites fly"),
        ])
        for (client, password) in [(taroClient, Self.password), (jiro, "seven blue kites fly")] {
            let form = await client.get("/account/email")
            #expect(await client.post("/account/email", [("csrf", form.csrf ?? ""), ("current-password", password), ("email", "shared@example.com")]).status == 200)
        }
        let links = try fixture.mails.all.filter { $0.recipient == "shared@example.com" }.compactMap { $0.link("/account/email/confirm") }
        #expect(links.count == 2)
        // Both confirmation pages open (two tabs), then both buttons pressed.
        var tabs: [(TestClient, String, String)] = []
        for link in links {
            let visitor = fixture.client(language: "en")
            tabs.append((visitor, (await visitor.get(link)).csrf ?? "", code(link)))
        }
        var statuses: [Int] = []
        for (visitor, csrf, code) in tabs {
            statuses.append(await visitor.post("/account/email/confirm", [("csrf", csrf), ("code", code)]).status)
        }
        #expect(statuses.sorted() == [200, 409])
        // The loser's link now says why at once.
        let loser = links[statuses[0] == 409 ? 0 : 1]
        let page = await fixture.client(language: "en").get(loser)
        #expect(page.status == 409 && page.body.contains(message(.emailAlreadyInUse, "en")))
    }

    func code(_ link: String) -> String { String(link.split(separator: "=").last!) }

    /// Signs a new device in and returns its devices page (which lists Taro's first session).
    func phone2(_ fixture: AppFixture) async throws -> TestClient.Response {
        let device = try await secondDevice(fixture)
        return await device.get("/account/sessions")
    }

    // MARK: Deletion

    @Test func deletingTheAccountNeedsThePasswordAndTheBox() async throws {
        let fixture = try AppFixture()
        let client = try await taroSignedIn(fixture, language: "ja")
        let phone = try await secondDevice(fixture)
        let form = await client.get("/account/delete")
        #expect(form.body.contains("type=\"checkbox\"") && form.body.contains(text("ui.delete.explanation", "ja")))
        let unticked = await client.post("/account/delete", [("csrf", form.csrf ?? ""), ("current-password", Self.password)])
        #expect(unticked.status == 422 && unticked.body.contains(escaped(model.message(for: ValidationIssueForTests.notConfirmed, locale: "ja"))))
        let wrong = await client.post("/account/delete", [("csrf", form.csrf ?? ""), ("current-password", "nope"), ("confirm", "on")])
        #expect(wrong.status == 422 && !wrong.body.contains("checked"))
        let deleted = await client.post("/account/delete", [("csrf", form.csrf ?? ""), ("current-password", Self.password), ("confirm", "on")])
        #expect(deleted.status == 303 && deleted.header("Location") == "/signin")
        #expect(deleted.setCookies.contains { $0.hasPrefix("genkan_session=;") && $0.contains("Max-Age=0") })
        let signIn = await client.get("/signin")
        #expect(signIn.body.contains(text("ui.notice.account-deleted", "ja")))
        #expect(await phone.get("/account").header("Location") == "/signin")
        let goodbye = try #require(try fixture.mails.all.last)
        #expect(goodbye.recipient == "taro@example.com" && goodbye.text.contains(model.text("mail.goodbye.again", locale: "en")) == false)
        // Sign-in now reads as any wrong credential; the address can sign up again.
        let again = await fixture.client(language: "ja").submit("/signin", [("email", "taro@example.com"), ("password", Self.password)])
        #expect(again.status == 422 && again.body.contains(message(.invalidCredential, "ja")))
        #expect(await fixture.client().submit("/signup", taro).status == 303)
    }

    // MARK: Signed-in devices

    @Test func devicesAreListedAndCanBeSignedOut() async throws {
        let fixture = try AppFixture()
        let client = try await taroSignedIn(
            fixture, userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
        let phone = try await secondDevice(
            fixture, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")
        let tablet = try await secondDevice(fixture)
        let page = await client.get("/account/sessions")
        #expect(page.status == 200)
        #expect(page.body.contains("<bdi>Firefox</bdi> on <bdi>Linux</bdi>") && page.body.contains("(<bdi>This device</bdi>)") && page.body.contains("<bdi>Safari</bdi> on <bdi>iOS</bdi>"))
        #expect(page.body.contains(text("ui.sessions.unknown-browser")))
        let handles = page.body.components(separatedBy: "name=\"session\" value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(handles.count == 2)  // no button for this device
        #expect(!page.body.contains(client.cookies["genkan_session"]!))
        // One device, then everywhere else.
        let first = await client.post("/account/sessions/end", [("csrf", page.csrf ?? ""), ("session", handles[0])])
        #expect(first.status == 303 && first.header("Location") == "/account/sessions")
        #expect(await client.get("/account/sessions").body.contains(text("ui.notice.session-ended")))
        let signedOut = [await phone.get("/account"), await tablet.get("/account")].filter { $0.status == 303 }.count
        #expect(signedOut == 1)
        let others = await client.post("/account/sessions/end-others", [("csrf", page.csrf ?? "")])
        #expect(others.status == 303)
        #expect(await client.get("/account/sessions").body.contains("1 other device was signed out."))
        let phoneAfter = await phone.get("/account"), tabletAfter = await tablet.get("/account")
        #expect(phoneAfter.status == 303 && tabletAfter.status == 303)
        #expect(await client.get("/account").status == 200)
        // Another account cannot end Taro's session with its handle.
        let taroHandle = String(
            (try await phone2(fixture)).body.components(separatedBy: "name=\"session\" value=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "")
        let jiro = fixture.client(language: "en")
        _ = await jiro.submit("/signup", [
            ("name", "Jiro"), ("email", "jiro@example.com"), ("password", "seven blue kites fly"), ("password-confirmation", "seven blue kites fly"),
        ])
        let jiroPage = await jiro.get("/account/sessions")
        _ = await jiro.post("/account/sessions/end", [("csrf", jiroPage.csrf ?? ""), ("session", taroHandle)])
        let stillSignedIn = await client.get("/account")
        #expect(!taroHandle.isEmpty && stillSignedIn.status == 200)
    }
}

/// The deletion form's unticked box, for its message.
enum ValidationIssueForTests {
    static let notConfirmed = GenkanValidation.ValidationIssue(.formDeletionNotConfirmed)
}
