import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// Languages on the site: the language switcher, bidirectional isolation of values in sentences on
/// pages and in mails, and dates in the reader's language and time zone.
@Suite struct LanguageTests {
    let model = AuthErrorModel()
    static let password = "correct horse battery"

    // MARK: The switcher

    @Test func everyPageOffersEveryLanguageInAGetFormThatKeepsWhereItWas() async throws {
        let fixture = try AppFixture()
        let page = await fixture.client(language: "de").get("/signin?return=/account/sessions")
        #expect(page.status == 200)
        let form = try #require(SiteClient.firstMatch(#"(<form class="languages" method="get">[\s\S]*?</form>)"#, in: page.body))
        #expect(form.contains("<label for=\"language\">Sprache</label>"))
        #expect(form.contains("<select id=\"language\" name=\"lang\" autocomplete=\"off\">"))
        // One option per catalog language, named in itself, the page's own selected.
        let options = form.components(separatedBy: "<option value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(options) == Set(model.locales) && options.count == model.locales.count)
        #expect(form.contains("<option value=\"de\" lang=\"de\" selected>Deutsch</option>"))
        #expect(form.contains("<option value=\"ja\" lang=\"ja\">日本語</option>"))
        // An Arabic name on a left-to-right page says its direction.
        #expect(form.contains("<option value=\"ar\" lang=\"ar\" dir=\"rtl\">العربية</option>"))
        // Sorted as language pickers are: Latin names first (Deutsch before English), Hangul then
        // Han last (日本語, 简体中文, 繁體中文, 繁體中文（香港） by their first characters).
        #expect(options.firstIndex(of: "de")! < options.firstIndex(of: "en")!)
        #expect(Array(options.suffix(5)) == ["ko", "ja", "zh-Hans", "zh-Hant", "zh-HK"])
        // Where to return after signing in is kept, and the button submits without a script.
        #expect(form.contains("<input type=\"hidden\" name=\"return\" value=\"/account/sessions\">"))
        #expect(form.contains("<button type=\"submit\" class=\"secondary\">Ändern</button>"))
        // What the form sends: the page in Japanese, still returning to the devices page.
        let japanese = await fixture.client(language: "de").get("/signin?lang=ja&return=%2Faccount%2Fsessions")
        #expect(japanese.body.contains("<html lang=\"ja\" dir=\"ltr\">"))
        #expect(japanese.body.contains("<option value=\"ja\" lang=\"ja\" selected>日本語</option>"))
        #expect(japanese.body.components(separatedBy: "name=\"return\" value=\"/account/sessions\"").count == 3)  // switcher and form
        // A page reached without a query keeps nothing.
        let plain = await fixture.client(language: "de").get("/signin")
        #expect(!plain.body.contains("type=\"hidden\" name=\"return\""))
    }

    @Test func aLinksCodeSurvivesSwitchingTheLanguage() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "en")
        #expect(await client.submit("/signup", taro).status == 303)
        let mail = try #require(try fixture.mails.all.last)
        let link = try #require(mail.link("/verify-email"))
        let page = await fixture.client(language: "en").get(link)
        let code = String(link.split(separator: "=").last!)
        let form = try #require(SiteClient.firstMatch(#"(<form class="languages" method="get">[\s\S]*?</form>)"#, in: page.body))
        #expect(form.contains("<input type=\"hidden\" name=\"code\" value=\"\(code)\">"))
        let arabic = await fixture.client(language: "en").get("/verify-email?lang=ar&code=" + code)
        #expect(arabic.body.contains("<html lang=\"ar\" dir=\"rtl\">") && arabic.body.contains("name=\"code\" value=\"\(code)\""))
    }

    @Test func regionalAndOldTagsChooseTheirLanguage() async throws {
        let fixture = try AppFixture()
        #expect(await fixture.client(language: "ar-EG").get("/signin").body.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(await fixture.client(language: "en").get("/signin?lang=zh-TW").body.contains("<html lang=\"zh-Hant\""))
        for (tag, locale) in [("iw", "he"), ("he-IL", "he"), ("nb-NO", "nb"), ("no", "nb"), ("tl", "fil"), ("sr-Latn", "sr")]
        where model.locales.contains(locale) {
            #expect(await fixture.client(language: "en").get("/signin?lang=" + tag).body.contains("<html lang=\"\(locale)\""), "\(tag)")
        }
    }

    // MARK: Bidirectional isolation

    /// A left-to-right address inside a right-to-left sentence is an element of its own on the
    /// page and an FSI…PDI isolate in the mail's text, in both of the mail's parts.
    func addressesAreIsolated(in locale: String) async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: locale)
        #expect(await client.submit("/signup", taro).status == 303)
        // The account page: "signed in as …" with the address isolated, the page right to left.
        let account = await client.get("/account")
        #expect(account.body.contains("<html lang=\"\(locale)\" dir=\"rtl\">"))
        let signedInAs = model.text("ui.account.signed-in-as", locale: locale, ["email": "\u{2068}taro@example.com\u{2069}"])
        #expect(account.body.contains(bdi(signedInAs)), "\(account.body)")
        #expect(account.body.contains("<bdi>taro@example.com</bdi>"))
        // A page that answers a form: "we sent a link to …".
        let form = await client.get("/account/email")
        let sent = await client.post("/account/email", [("csrf", form.csrf ?? ""), ("current-password", Self.password), ("email", "jiro@example.com")])
        let sentText = model.text("ui.email-change.sent.message", locale: locale, ["email": "\u{2068}jiro@example.com\u{2069}"])
        #expect(sent.status == 200 && sent.body.contains(bdi(sentText)))
        // The mails: the greeting's name and the new address in the old address's notice.
        let change = try #require(try fixture.mails.all.last { $0.recipient == "jiro@example.com" })
        #expect(change.text.contains("Content-Language: \(locale)") || change.text.contains("lang=\"\(locale)\""))
        let greeting = model.text("mail.greeting", locale: locale, ["name": "\u{2068}タロウ Yamada\u{2069}"])
        #expect(change.text.contains(greeting), "text part: \(change.text)")
        #expect(change.text.contains(bdi(greeting)), "HTML part: \(change.text)")
        let link = try #require(change.link("/account/email/confirm"))
        let confirmPage = await client.get(link)
        let confirmed = await client.post("/account/email/confirm", [("csrf", confirmPage.csrf ?? ""), ("code", String(link.split(separator: "=").last!))])
        #expect(confirmed.status == 200)
        let notice = try #require(try fixture.mails.all.last { $0.recipient == "taro@example.com" })
        let body = model.text("mail.email-changed.body", locale: locale, ["email": "\u{2068}jiro@example.com\u{2069}"])
        #expect(notice.text.contains(body), "text part: \(notice.text)")
        #expect(notice.text.contains(bdi(body)), "HTML part: \(notice.text)")
        #expect(notice.text.contains("<html lang=\"\(locale)\" dir=\"rtl\">"))
    }

    /// `text` as the page writer puts it into HTML: escaped, each FSI…PDI a `<bdi>`.
    func bdi(_ text: String) -> String {
        escaped(text).replacingOccurrences(of: "\u{2068}", with: "<bdi>").replacingOccurrences(of: "\u{2069}", with: "</bdi>")
    }

    @Test func anAddressIsIsolatedOnArabicPagesAndMails() async throws {
        try await addressesAreIsolated(in: "ar")
    }

    /// Hebrew: another right-to-left script than Arabic.
    @Test
    func anAddressIsIsolatedOnHebrewPagesAndMails() async throws {
        try await addressesAreIsolated(in: "he")
    }

    @Test func theWriterTurnsIsolatesIntoBalancedElements() {
        var html = HTMLWriter()
        html.text("a \u{2068}<b>&\u{2069} \u{2069}b \u{2068}c")
        #expect(html.html == "a <bdi>&lt;b&gt;&amp;</bdi> b <bdi>c</bdi>")
        var title = HTMLWriter()
        title.title("\u{2068}x\u{2069}")
        #expect(title.html == "<title>\u{2068}x\u{2069}</title>")
    }

    // MARK: Dates

    @Test func datesAreInTheReadersLanguageAndTimeZone() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "de")
        #expect(await client.submit("/signup", taro).status == 303)
        // The first "when" line of the page ("signed in …"), its isolate's element taken off.
        func signedIn(_ page: TestClient.Response) -> String? {
            SiteClient.firstMatch(#"<p class="when">(.*?)<br>"#, in: page.body).map {
                $0.replacingOccurrences(of: "<bdi>", with: "").replacingOccurrences(of: "</bdi>", with: "")
            }
        }
        // No zone known: UTC, and the page says so.
        let utc = try #require(signedIn(await client.get("/account/sessions")))
        #expect(utc.hasPrefix("Angemeldet am ") && utc.hasSuffix(" UTC"), "\(utc)")
        // The script told the zone: the time is the reader's, with no zone named.
        client.cookies["genkan_tz"] = "Asia/Tokyo"
        let local = try #require(signedIn(await client.get("/account/sessions")))
        #expect(!local.contains("UTC") && local != utc, "\(local)")
        // Nine hours ahead, in German's 24-hour clock ("HH:mm").
        let hour = { (text: String) in Int(SiteClient.firstMatch(#"(\d\d):\d\d"#, in: text) ?? "") }
        let utcHour = try #require(hour(utc)), tokyoHour = try #require(hour(local))
        #expect(tokyoHour == (utcHour + 9) % 24)
        // A zone ICU does not know is ignored.
        client.cookies["genkan_tz"] = "Mars/Olympus_Mons"
        #expect(try #require(signedIn(await client.get("/account/sessions"))).hasSuffix(" UTC"))
        // "Member since" on the account page: the day, in German.
        let account = await client.get("/account")
        let since = try #require(SiteClient.firstMatch(#"<p class="member-since">([^<]*(?:<bdi>[^<]*</bdi>[^<]*)?)</p>"#, in: account.body))
        #expect(since.hasPrefix("Mitglied seit <bdi>") && since.contains(" 20"), "\(since)")
    }

    @Test func theParenthesesOfThisDeviceAreTheLanguagesOwn() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "ja")
        #expect(await client.submit("/signup", taro).status == 303)
        let page = await client.get("/account/sessions")
        #expect(page.body.contains("<span class=\"this-device\">（<bdi>このデバイス</bdi>）</span>"))
    }
}
