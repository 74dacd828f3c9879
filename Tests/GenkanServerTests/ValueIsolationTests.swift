import Foundation
import GenkanLocalization
import GenkanStore
import GenkanValidation
import GenkanWebAuthn
import Testing
@testable import GenkanServer

/// Values the code places next to text outside catalog sentences keep their own direction: the
/// name and address on the account page, passkey names and authenticator models, what is typed
/// into fields, the written-out link in HTML mail; and an address copied from a plain-text mail,
/// invisible isolation marks and all, is the address.
@Suite struct ValueIsolationTests {
    static let texts = PageTexts(model: AuthErrorModel())
    static let renderer = PageRenderer(texts: texts, rules: ValidationViewModel(), files: nil, passkeys: true)

    /// The first start tag of `element` whose attributes match `attributes` (a regular expression).
    static func tag(_ element: String, _ attributes: String, in body: String) -> String? {
        SiteClient.firstMatch("(<\(element) [^>]*\(attributes)[^>]*>)", in: body)
    }

    // MARK: The account page

    @Test(arguments: ["ar", "he", "en"])
    func theAccountPageIsolatesTheNameAndTheAddress(locale: String) async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: locale)
        let fields = [("name", "Taro Yamada"), ("email", "123@example.com"), ("password", "correct horse battery"), ("password-confirmation", "correct horse battery")]
        #expect(await client.submit("/signup", fields).status == 303)
        let page = await client.get("/account")
        #expect(page.body.contains("<dd id=\"account-name\"><bdi>Taro Yamada</bdi></dd>"), "\(page.body)")
        #expect(page.body.contains("<span id=\"account-email\" dir=\"auto\">123@example.com</span>"), "\(page.body)")
    }

    // MARK: Fields

    /// An address and a password read left to right in every language; a name goes its own way.
    @Test func fieldsTypeInTheirOwnDirection() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "he")
        let signIn = await client.get("/signin")
        #expect(Self.tag("input", #"id="email""#, in: signIn.body)?.contains("dir=\"ltr\"") == true, "\(signIn.body)")
        #expect(Self.tag("input", #"id="password""#, in: signIn.body)?.contains("dir=\"ltr\"") == true)
        let signUp = await client.get("/signup")
        #expect(Self.tag("input", #"id="name""#, in: signUp.body)?.contains("dir=\"auto\"") == true, "\(signUp.body)")
        for id in ["email", "password", "password-confirmation"] {
            #expect(Self.tag("input", "id=\"\(id)\"", in: signUp.body)?.contains("dir=\"ltr\"") == true, "\(id)")
        }
        #expect(await client.submit("/signup", taro).status == 303)
        let change = await client.get("/account/password")
        for id in ["current-password", "new-password", "password-confirmation"] {
            #expect(Self.tag("input", "id=\"\(id)\"", in: change.body)?.contains("dir=\"ltr\"") == true, "\(id)")
        }
        // The deletion form's checkbox has no direction to keep.
        let delete = await client.get("/account/delete")
        #expect(Self.tag("input", #"type="checkbox""#, in: delete.body)?.contains("dir=") == false, "\(delete.body)")
    }

    // MARK: Passkeys

    static func passkey(name: String, aaguid: String) -> Passkey {
        Passkey(
            id: 7, accountID: 1, credentialID: [1], publicKey: [2], signCount: 0, backupEligible: true, backedUp: true,
            aaguid: AAGUID(aaguid)!.bytes, transports: [], name: name, createdAt: 1_767_225_600)
    }

    /// The model's name is an isolate inside the language's parentheses: half-width with a space
    /// in Arabic and English, full-width in Japanese and Chinese; the passkey's own name and its
    /// rename field take the direction of their text.
    @Test(arguments: [
        ("ar", "<bdi>Google Password Manager</bdi> (<bdi>"), ("en", "<bdi>Google Password Manager</bdi> (<bdi>password manager</bdi>)"),
        ("ja", "<bdi>Google Password Manager</bdi>（<bdi>パスワード マネージャー</bdi>）"), ("zh-Hans", "<bdi>Google Password Manager</bdi>（<bdi>"),
        ("ko", "<bdi>Google Password Manager</bdi>(<bdi>"),
    ])
    func passkeyModelsAreIsolatedInTheLanguagesParentheses(locale: String, expected: String) throws {
        let passkey = Self.passkey(name: "מפתח של Taro", aaguid: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4")
        let page = Self.renderer.passkeys([passkey], state: PasskeyListState(hasPassword: true, methodCount: 2), csrf: "t", locale: locale, timeZone: nil)
        let kind = try #require(SiteClient.firstMatch(#"<p class="passkey-kind">(.*?)</p>"#, in: page))
        #expect(kind.hasPrefix(expected), "\(kind)")
        #expect(!kind.contains("Manager ("), "the code no longer adds its own parentheses: \(kind)")
        #expect(page.contains("<h2 class=\"passkey-name\"><bdi>מפתח של Taro</bdi></h2>"), "\(page)")
        #expect(Self.tag("input", #"id="name-7""#, in: page)?.contains("dir=\"auto\"") == true)
        #expect(Self.tag("input", #"id="passkey-name""#, in: page)?.contains("dir=\"auto\"") == true)
    }

    // MARK: Mail

    /// The link written out under a button is left to right in any paragraph; in the text part the
    /// link stays a line of its own.
    @Test(arguments: ["ar", "he", "en"])
    func theWrittenOutLinkInHTMLMailIsLeftToRight(locale: String) async throws {
        let fixture = try AppFixture()
        #expect(await fixture.client(language: locale).submit("/signup", taro).status == 303)
        let mail = try #require(try fixture.mails.all.last)
        let link = try #require(mail.link("/verify-email"))
        let url = "http://genkan.test" + link
        #expect(mail.text.contains("<a href=\"\(url)\" dir=\"ltr\">\(url)</a>"), "\(mail.text)")
        #expect(mail.text.components(separatedBy: .newlines).contains(url))
    }

    // MARK: An address copied from a plain-text mail

    @Test(arguments: [
        ("\u{2068}taro@example.com\u{2069}", "taro@example.com"), ("\u{2066}taro@example.com\u{2069}", "taro@example.com"),
        ("\u{200E}\u{2067}taro@example.com\u{2069}\u{200F}", "taro@example.com"), ("\u{202A}taro@example.com\u{202C}", "taro@example.com"),
        ("taro@example.com", "taro@example.com"), ("\u{2068}\u{2069}", ""), ("taro\u{2068}@example.com", "taro\u{2068}@example.com"),
    ])
    func directionalControlsGoOnlyFromTheEndsOfAnAddress(raw: String, read: String) {
        #expect(SubmittedText.value(raw, for: .email) == read)
        #expect(SubmittedText.value(raw, for: .name) == raw)
    }

    /// The mail's own text (the address between FSI and PDI, as a reader copies it) signs up and
    /// signs in; the same marks inside the address are still refused.
    @Test func anAddressPastedWithItsIsolationMarksIsAccepted() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "ar")
        let pasted = "\u{2068}taro@example.com\u{2069}"
        var fields = taro.filter { $0.0 != "email" }
        fields.append(("email", pasted))
        #expect(await client.submit("/signup", fields).status == 303)
        let account = await client.get("/account")
        #expect(account.body.contains(">taro@example.com</span>"))
        // The verification mail's text part has the address as a reader would copy it.
        let mail = try #require(try fixture.mails.all.last)
        #expect(mail.text.contains("\u{2068}taro@example.com\u{2069}") || mail.text.contains("taro@example.com"))
        let other = fixture.client(language: "en")
        let signIn = await other.submit("/signin", [("email", "\u{2066}taro@example.com\u{2069}"), ("password", "correct horse battery")])
        #expect(signIn.status == 303, "\(signIn.body)")
        // Inside the address, an isolate is still an invisible character the validator refuses.
        let inside = await fixture.client(language: "en").submit("/signin", [("email", "taro\u{2068}@example.com"), ("password", "correct horse battery")])
        #expect(inside.status == 422)
        #expect(inside.body.contains("Remove the invisible or unusual characters"), "\(inside.body)")
        // The live check the page's script makes says the same.
        let visitor = fixture.client(language: "ar")
        let page = await visitor.get("/signup")
        let live = await visitor.post("/api/validate", [("csrf", page.csrf ?? ""), ("form", "sign-up"), ("field", "email"), ("value", pasted)])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(live.body.utf8)) as? [String: Any])
        #expect(live.status == 200 && json["valid"] as? Bool == true, "\(live.body)")
    }
}
