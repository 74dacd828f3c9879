import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import GenkanStore
import GenkanValidation
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// Forms from their descriptions, and what the site does with a return path, through the real
/// renderer, middleware and error pages on a router of test routes.
@Suite struct FormPageTests {
    static let texts = PageTexts(model: AuthErrorModel())
    static let rules = ValidationViewModel()
    static let tokens = CSRFTokens(secret: Array(repeating: 7, count: 32))
    static let renderer = PageRenderer(texts: texts, rules: rules, files: nil)
    static let forms = FormPages(renderer: renderer, blanks: BlankForms(renderer: renderer, forms: [], locales: []), tokens: tokens)

    static let visitorContext = VisitorContext(
        texts: texts, locales: LocaleCache(texts: texts, loops: 1), clock: .system, preSessionLifetime: 86_400)

    /// A password change as a settings page will have it: the current password and a new one.
    static let passwordChange = FormDescription(
        .passwordChange, route: .accountPassword, title: .accountTitle, submit: .signInSubmit,
        fields: [
            FieldDescription(.currentPassword, .currentSecret, label: .currentPasswordLabel, autocomplete: "current-password"),
            FieldDescription(.newPassword, .newSecret, label: .newPasswordLabel, autocomplete: "new-password"),
            FieldDescription(.passwordConfirmation, .confirmation, label: .passwordConfirmationLabel, autocomplete: "new-password"),
        ])

    /// The blank pages are rendered on first use, in every language: each holds its token once
    /// and is the page the renderer draws for the same form.
    @Test func blankFormsAreTheRenderersPagesInEveryLanguage() {
        let forms: [FormDescription] = [.signIn, .signUp, .passwordResetRequest]
        let blanks = BlankForms(renderer: Self.renderer, forms: forms, locales: Self.texts.locales)
        for form in forms {
            for locale in Self.texts.locales {
                let page = blanks.page(form, locale: locale, csrf: "TOKEN-1234").map { String(decoding: $0, as: UTF8.self) }
                #expect(page == Self.renderer.form(form, locale: locale, state: FormState(), csrf: "TOKEN-1234"), "\(form.kind) \(locale)")
                let other = blanks.page(form, locale: locale, csrf: "TOKEN-5678").map { String(decoding: $0, as: UTF8.self) }
                #expect(other?.contains("TOKEN-5678") == true)
            }
        }
        #expect(blanks.page(.nameChange, locale: "en", csrf: "x") == nil)   // not one of its forms
        #expect(blanks.page(.signIn, locale: "xx", csrf: "x") == nil)
    }

    @Test func aFormWithCurrentAndNewPasswordsShownAgainContainsNoPassword() async throws {
        let router = Router<SiteContext>(attributes: SiteRoute(errors: PageErrors(forms: Self.forms)))
        router.use(Self.visitorContext)
        router.group().narrowed(by: FormParsing()).group("", CSRFProtection(.preSession, tokens: Self.tokens))
            .narrowed(by: FormValidating<SiteContext, NewPasswordValues>(form: Self.passwordChange, rules: Self.rules, forms: Self.forms))
            .on("POST", "/account/password", form: Self.passwordChange) { _, _ in .response(HTTPResponse(status: 204)) }
        let client = TestClient(routes: router.build())
        client.cookies = ["genkan_pre": PreSession.new(now: StoreClock.system.now()).value]
        let token = Self.tokens.token(for: "pre:" + client.cookies["genkan_pre"]!)
        // Distinctive values that would be easy to find anywhere in the page, escaped or not.
        let current = "Current-Secret-1729", new = "newsecret", confirmation = "Confirmation-Secret-4104"
        let response = await client.post("/account/password", [
            ("csrf", token), ("current-password", current), ("new-password", new), ("password-confirmation", confirmation),
        ])
        #expect(response.status == 422)
        #expect(response.body.contains("id=\"error-summary\""))
        for secret in [current, new, confirmation] {
            #expect(!response.body.contains(secret), "\(secret) is in the page")
            #expect(!response.body.contains(SiteClient.encode([("x", secret)]).dropFirst(2)), "\(secret) is in the page, encoded")
        }
        // Even when a caller hands the renderer every value, secrets stay out.
        let html = Self.renderer.form(
            Self.passwordChange, locale: "en",
            state: FormState(values: [.currentPassword: current, .newPassword: new, .passwordConfirmation: confirmation]),
            csrf: token)
        for secret in [current, new, confirmation] { #expect(!html.contains(secret)) }
        let inputs = html.components(separatedBy: "<input").dropFirst().filter { $0.contains("type=\"password\"") }
        #expect(inputs.count == 3)
        #expect(inputs.allSatisfy { !$0.contains("value=") })
        #expect(html.contains("id=\"new-password-checklist\"") && html.contains("aria-describedby=\"new-password-checklist\""))
    }

    @Test func everyFormFieldIsDescribedOnceWithItsAutocompleteToken() {
        for form in [FormDescription.signIn, .signUp] {
            #expect(form.fields.map(\.field) == form.kind.fields, "\(form.kind)")
            let html = Self.renderer.form(form, locale: "ja", state: FormState(), csrf: "t")
            for field in form.fields {
                let input = SiteClient.firstMatch("(<input id=\"\(field.id)\"[^>]*>)", in: html) ?? ""
                #expect(input.contains("autocomplete=\"\(field.autocomplete)\""), "\(field.id)")
                #expect(input.contains("type=\"password\"") == field.input.isSecret, "\(field.id)")
            }
        }
    }

    @Test func aPageThatNeedsASessionSendsTheVisitorToSignInWithALocalReturnPath() async throws {
        let directory = NSTemporaryDirectory() + "genkan-return-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pool = try WorkerPool(threads: 1) { try Authenticator(store: AccountStore(path: directory + "/genkan.sqlite")) }
        defer { pool.stop() }
        let router = Router<SiteContext>(attributes: SiteRoute(errors: PageErrors(forms: Self.forms)))
        router.use(Self.visitorContext)
        let signedIn = router.group().narrowed(by: RequireSession(pool: pool, failures: StoreFailures(log: ErrorLog())))
        signedIn.get("/account/settings") { _, _ in .response(HTTPResponse(status: 200)) }
        signedIn.get("/account") { _, _ in .response(HTTPResponse(status: 200)) }
        signedIn.post("/account/settings") { _, _ in .response(HTTPResponse(status: 200)) }
        let client = TestClient(routes: router.build())
        let page = await client.get("/account/settings?tab=a%20b")
        #expect(page.status == 303 && page.header("Location") == "/signin?return=/account/settings%3Ftab%3Da%2520b")
        // Where sign-in leads anyway, and a POST, need no return path.
        #expect(await client.get("/account").header("Location") == "/signin")
        #expect(await client.post("/account/settings", []).header("Location") == "/signin")
        // A cookie naming no session is deleted on the way.
        client.cookies = ["genkan_session": Secret.token()]
        let stale = await client.get("/account/settings")
        #expect(stale.header("Location") == "/signin?return=/account/settings")
        #expect(stale.setCookies.contains { $0.hasPrefix("genkan_session=;") && $0.contains("Max-Age=0") })
    }

    @Test func theWriterEscapesTextAndAttributeValues() {
        var writer = HTMLWriter()
        writer.element("p", [HTMLAttribute("title", "\"><script>x</script>")], text: "<b>&'")
        #expect(writer.html == "<p title=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\">&lt;b&gt;&amp;&#39;</p>")
        #expect(HTMLAttribute(checkedName: "onclick=\"x\"", "") == nil)
        #expect(HTMLAttribute(checkedName: "data-x", "1")?.name == "data-x")
        #expect(HTMLAttribute(checkedName: "1x", nil) == nil)
    }
}
