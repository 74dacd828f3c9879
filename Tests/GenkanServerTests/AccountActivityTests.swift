import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import Testing
@testable import GenkanServer

/// `/account/activity`: an account's own sign-ins and changes from the event log, with browser,
/// network and time in the reader's language, and "this wasn't me", in-process over real SQLite.
@Suite struct AccountActivityTests {
    let model = AuthErrorModel()
    static let password = "correct horse battery"

    func text(_ key: String, _ locale: String = "en") -> String { escaped(model.text(key, locale: locale)) }

    @Test func signInsAndChangesWithBrowserNetworkAndTime() async throws {
        let fixture = try AppFixture()
        let taroClient = fixture.client(language: "ja")
        taroClient.userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
        try #require(await taroClient.submit("/signup", taro).status == 303)
        // Another browser on the Internet: a wrong password, then the right one.
        let phone = fixture.client(language: "en")
        phone.peerAddress = "203.0.113.77"
        phone.userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
        #expect(await phone.submit("/signin", [("email", "taro@example.com"), ("password", "wrong password here")]).status == 422)
        #expect(await phone.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)
        let form = await taroClient.get("/account/password")
        #expect(
            await taroClient.post(
                "/account/password",
                [("csrf", form.csrf ?? ""), ("current-password", Self.password), ("new-password", "another horse battery"),
                 ("password-confirmation", "another horse battery")]
            ).status == 303)

        let account = await taroClient.get("/account")
        #expect(account.body.contains("href=\"/account/activity\""))
        let page = await taroClient.get("/account/activity")
        #expect(page.status == 200)
        #expect(page.body.contains("<html lang=\"ja\""))
        #expect(page.body.contains(text("ui.activity.title", "ja")))
        let signIns = section(page.body, "sign-ins"), changes = section(page.body, "changes")
        // Newest first: the phone's sign-in, its wrong password; this browser's sign-in is the
        // sign-up's own (created and signed in), then its renewed session after the change.
        #expect(signIns.contains(text("ui.activity.event.sign-in-succeeded", "ja")))
        #expect(signIns.contains(text("ui.activity.event.sign-in-failed", "ja")))
        #expect(signIns.contains("<bdi>iOS</bdi> の <bdi>Safari</bdi>") && signIns.contains("<bdi>Linux</bdi> の <bdi>Firefox</bdi>"))
        #expect(signIns.contains("<bdi>203.0.113.0/24</bdi>"))
        #expect(signIns.contains(text("ui.activity.place.this-computer", "ja")))
        #expect(!page.body.contains("203.0.113.77"))  // the network, never the address
        #expect(changes.contains(text("ui.activity.event.account-created", "ja")))
        #expect(changes.contains(text("ui.activity.event.password-changed", "ja")))
        #expect(!changes.contains(text("ui.activity.event.sign-in-failed", "ja")))
        // Times are `<time datetime>` in UTC, shown in the reader's zone.
        #expect(page.body.contains("<time datetime=\"20"))
        #expect(page.body.contains("data-event=\"password.changed\""))
        // Another account's activity is not in this one.
        let jiro = fixture.client(language: "en")
        _ = await jiro.submit("/signup", [
            ("name", "Jiro"), ("email", "jiro@example.com"), ("password", "seven blue kites fly"), ("password-confirmation", "seven blue kites fly"),
        ])
        let jiroPage = await jiro.get("/account/activity")
        #expect(section(jiroPage.body, "changes").components(separatedBy: "data-event=").count == 2)  // created only
        #expect(!jiroPage.body.contains("sign_in.failed"))
    }

    @Test func theActivityPageNeedsASession() async throws {
        let fixture = try AppFixture()
        let page = await fixture.client().get("/account/activity")
        #expect(page.status == 303 && page.header("Location") == "/signin?return=/account/activity")
    }

    @Test func thisWasntMeSignsOutEverywhereAndLeadsToTheReset() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "en")
        try #require(await client.submit("/signup", taro).status == 303)
        let other = fixture.client(language: "en")
        #expect(await other.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)]).status == 303)
        let page = await client.get("/account/activity")
        #expect(page.body.contains(text("ui.activity.not-me.submit")))
        // Without the session's token, nothing happens.
        #expect(await client.post("/account/activity/not-me", [("csrf", "forged")]).status == 403)
        #expect(await other.get("/account").status == 200)
        let done = await client.post("/account/activity/not-me", [("csrf", page.csrf ?? "")])
        #expect(done.status == 303 && done.header("Location") == "/password/forgot")
        #expect(done.setCookies.contains { $0.hasPrefix("genkan_session=;") })
        let reset = await client.get("/password/forgot")
        #expect(reset.body.contains(text("ui.activity.notice.signed-out-everywhere")))
        // Both browsers are out.
        #expect(await client.get("/account").status == 303)
        #expect(await other.get("/account").status == 303)
    }

    /// The `<section>` whose list has this id.
    func section(_ body: String, _ id: String) -> String {
        guard let start = body.range(of: "id=\"\(id)-heading\"") else { return "" }
        let rest = body[start.upperBound...]
        return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
    }
}
