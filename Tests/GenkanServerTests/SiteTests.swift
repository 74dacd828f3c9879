import Foundation
import GenkanLocalization
import GenkanServer
@testable import GenkanStore
import GenkanValidation
import Testing
@testable import GenkanHTTP
import GenkanHTTPTesting

/// The site's pages and flows, driven in-process through the router (see `TestClient`).
@Suite struct SiteTests {
    let model = AuthErrorModel()

    // MARK: Pages and locales

    @Test func theSignInPageIsLocalizedFromAcceptLanguage() async throws {
        let fixture = try AppFixture()
        let page = await fixture.client(language: "ja-JP,ja;q=0.9,en;q=0.5").get("/signin")
        #expect(page.status == 200)
        #expect(page.body.contains("<html lang=\"ja\" dir=\"ltr\">"))
        #expect(page.body.contains(model.text("ui.signin.title", locale: "ja")))
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.body.contains("autocomplete=\"email\"") && page.body.contains("autocomplete=\"current-password\""))
        #expect(page.setCookies.contains { $0.hasPrefix("genkan_pre=") && $0.contains("HttpOnly") && $0.contains("SameSite=Lax") })
    }

    @Test func langInTheQueryWinsAndIsRemembered() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "ja")
        let arabic = await client.get("/signin?lang=ar")
        #expect(arabic.body.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(arabic.setCookies.contains { $0.hasPrefix("lang=ar;") && $0.contains("Max-Age=31536000") })
        let later = await client.get("/signup")  // the cookie beats Accept-Language
        #expect(later.body.contains("<html lang=\"ar\" dir=\"rtl\">"))
        let unknown = await fixture.client(language: "de").get("/signin?lang=xx-invalid")
        #expect(unknown.body.contains("<html lang=\"de\""))
    }

    @Test func theSignUpPageRendersEveryRuleAndTheChecklist() async throws {
        let fixture = try AppFixture()
        let page = await fixture.client(language: "en").get("/signup")
        for token in ["nickname", "email", "new-password"] { #expect(page.body.contains("autocomplete=\"\(token)\"")) }
        #expect(page.body.contains("id=\"password-checklist\""))
        #expect(page.body.contains("data-requirement=\"password.too-short\""))
        #expect(page.body.contains("minlength=\"8\""))
        #expect(page.body.contains("<script src=\"/js/genkan.js?v="))
        #expect(!page.body.contains("<script>") && !page.body.contains("style=") && !page.body.contains("onclick"))
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        for path in ["/signin", "/css/genkan.css", "/nowhere", "/account"] {
            let response = await client.get(path)
            #expect(response.header("Content-Security-Policy") == SecurityPolicy.contentSecurityPolicy, "\(path)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(path)")
            #expect(response.header("Referrer-Policy") == "same-origin", "\(path)")
        }
        #expect(SecurityPolicy.contentSecurityPolicy
            == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")
    }

    @Test func rootRedirectsToTheRightPage() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        #expect(await client.get("/").header("Location") == "/signin")
        _ = await client.submit("/signup", taro)
        #expect(await client.get("/").header("Location") == "/account")
    }

    // MARK: Sign-up, account, sign-out

    @Test func signUpLeadsToTheAccountPageWithASafeSessionCookie() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "ja")
        let created = await client.submit("/signup", taro)
        #expect(created.status == 303 && created.header("Location") == "/account")
        let cookie = try #require(created.setCookies.first { $0.hasPrefix("genkan_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        #expect(cookie.contains("Max-Age=\(SessionPolicy.standard.lifetime)"))
        #expect(!cookie.contains("Secure"))
        let account = await client.get("/account")
        #expect(account.status == 200)
        #expect(account.body.contains("<dd id=\"account-name\"><bdi>タロウ Yamada</bdi></dd>"))  // RFC 8266 width mapping
        #expect(account.body.contains("<span id=\"account-email\" dir=\"auto\">taro@example.com</span>"))
        #expect(account.body.contains("<span id=\"account-email-status\" class=\"status-unverified\">\(model.text("ui.account.email-unverified", locale: "ja"))</span>"))
        #expect(account.header("Cache-Control") == "no-store")
        #expect(account.body.contains("action=\"/signout\""))
    }

    @Test func signOutEndsTheSessionOnTheServer() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        _ = await client.submit("/signup", taro)
        let stolen = try #require(client.cookies["genkan_session"])
        let account = await client.get("/account")
        let out = await client.post("/signout", [("csrf", account.csrf ?? "")])
        #expect(out.status == 303 && out.header("Location") == "/signin")
        #expect(out.setCookies.contains { $0.hasPrefix("genkan_session=;") && $0.contains("Max-Age=0") })
        let replay = fixture.client()
        replay.cookies = ["genkan_session": stolen]
        #expect(await replay.get("/account").header("Location") == "/signin")
    }

    @Test func signUpErrorsAppearNextToTheirFieldsAndInTheSummary() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "en")
        let response = await client.submit("/signup", [
            ("name", "Taro"), ("email", "taro@@example"), ("password", "short"), ("password-confirmation", "other"),
        ])
        #expect(response.status == 422)
        #expect(response.body.contains("id=\"error-summary\" role=\"alert\" tabindex=\"-1\" autofocus"))
        #expect(response.body.contains("<a href=\"#email\">"))
        #expect(response.body.contains("<a href=\"#password\">"))
        let emailInput = try #require(SiteClient.firstMatch(#"(<input id="email"[^>]*>)"#, in: response.body))
        #expect(emailInput.contains("aria-invalid=\"true\"") && emailInput.contains("email-error"))
        #expect(emailInput.contains("value=\"taro@@example\""))
        let passwordInput = try #require(SiteClient.firstMatch(#"(<input id="password"[^>]*>)"#, in: response.body))
        #expect(!passwordInput.contains("value="))
        #expect(!response.body.contains("value=\"short\"") && !response.body.contains("value=\"other\""))
        let tooShort = ValidationIssue(.passwordTooShort, field: .password, ["minimum": 8, "actual": 5])
        #expect(response.body.contains(escaped(model.message(for: tooShort, locale: "en"))))
        #expect(await client.get("/").header("Location") == "/signin")  // nothing was created
    }

    @Test func aSecondSignUpWithTheSameAddressIsRefusedOnTheEmailField() async throws {
        let fixture = try AppFixture()
        _ = await fixture.client().submit("/signup", taro)
        let again = await fixture.client(language: "en").submit("/signup", taro)
        #expect(again.status == 422)
        let message = escaped(model.message(for: .emailAlreadyInUse, locale: "en"))
        #expect(again.body.contains("<a href=\"#email\">\(message)</a>"))
        #expect(again.body.contains("<div class=\"field-error\" id=\"email-error\" aria-live=\"polite\"><p>\(message)</p></div>"))
    }

    @Test func concurrentSignUpsOfOneAddressHaveExactlyOneWinner() async throws {
        let fixture = try AppFixture()
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { await fixture.client().submit("/signup", taro).status }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 303 }.count == 1)
        #expect(statuses.filter { $0 == 422 }.count == 7)
    }

    // MARK: Sign-in

    @Test func wrongPasswordAndUnknownAddressReadTheSame() async throws {
        let fixture = try AppFixture()
        _ = await fixture.client().submit("/signup", taro)
        let wrong = await fixture.client(language: "ja").submit("/signin", [("email", "taro@example.com"), ("password", "wrong password")])
        let unknown = await fixture.client(language: "ja").submit("/signin", [("email", "nobody@example.com"), ("password", "wrong password")])
        #expect(wrong.status == 422 && unknown.status == 422)
        let summary = { (body: String) in SiteClient.firstMatch(#"(<div class="error-summary"[\s\S]*?</div>)"#, in: body) }
        #expect(summary(wrong.body) != nil && summary(wrong.body) == summary(unknown.body))
        #expect(wrong.body.contains(escaped(model.message(for: .invalidCredential, locale: "ja"))))
        #expect(wrong.body.contains("value=\"taro@example.com\""))
    }

    @Test func signInRotatesTheSessionId() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        let signInPage = await client.get("/signin")  // a form opened before signing up (another tab)
        _ = await client.submit("/signup", taro)
        let first = try #require(client.cookies["genkan_session"])
        let signedIn = await client.post("/signin", [
            ("csrf", signInPage.csrf ?? ""), ("email", "taro@example.com"), ("password", "correct horse battery"),
        ])
        #expect(signedIn.status == 303)
        let second = try #require(client.cookies["genkan_session"])
        #expect(first != second)
        let old = fixture.client()
        old.cookies = ["genkan_session": first]
        #expect(await old.get("/account").header("Location") == "/signin")
        #expect(await client.get("/account").status == 200)
    }

    @Test func signInReturnsOnlyToALocalPath() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        #expect(await client.get("/signin?return=/account/name").body.contains("<input type=\"hidden\" name=\"return\" value=\"/account/name\">"))
        for foreign in ["//evil.example", "https://evil.example", "/\\evil.example"] {
            let page = await client.get("/signin?return=" + SiteClient.encode([("", foreign)]).dropFirst())
            #expect(!page.body.contains("name=\"return\""), "\(foreign)")
        }
        _ = await fixture.client().submit("/signup", taro)
        let credentials = [("email", "taro@example.com"), ("password", "correct horse battery")]
        for (asked, landing) in [("//evil.example", "/account"), ("https://evil.example", "/account"), ("/account/name", "/account/name")] {
            let signedIn = await fixture.client().submit("/signin", credentials + [("return", asked)])
            #expect(signedIn.status == 303 && signedIn.header("Location") == landing, "\(asked)")
        }
        // The return path survives a wrong password.
        let wrong = await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", "nope"), ("return", "/account/name")])
        #expect(wrong.status == 422 && wrong.body.contains("name=\"return\" value=\"/account/name\""))
    }

    @Test func aDisabledAccountIsToldSoOnlyAfterTheRightPassword() async throws {
        let fixture = try AppFixture()
        _ = await fixture.client().submit("/signup", taro)
        let store = try AccountStore(location: fixture.configuration.database)
        try store.setDisabled(accountID: try #require(try store.account(email: "taro@example.com")).account.id, true)
        let wrong = await fixture.client(language: "en").submit("/signin", [("email", "taro@example.com"), ("password", "wrong one")])
        #expect(wrong.body.contains(escaped(model.message(for: .invalidCredential, locale: "en"))))
        let right = await fixture.client(language: "en").submit("/signin", [("email", "taro@example.com"), ("password", "correct horse battery")])
        #expect(right.status == 422)
        #expect(right.body.contains(escaped(model.message(for: .userDisabled, locale: "en"))))
    }

    @Test func sessionsExpireWhenIdle() async throws {
        let clock = TestClock()
        let fixture = try AppFixture { configuration in
            configuration.clock = clock.storeClock
            configuration.sessionPolicy = SessionPolicy(lifetime: 3600, idleTimeout: 600, touchInterval: 60)
        }
        let client = fixture.client()
        _ = await client.submit("/signup", taro)
        clock.advance(by: 599)
        #expect(await client.get("/account").status == 200)
        clock.advance(by: 600)
        let expired = await client.get("/account")
        #expect(expired.status == 303 && expired.header("Location") == "/signin")
    }

    @Test func sessionsSurviveARestart() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        _ = await client.submit("/signup", taro)
        try fixture.restart()
        let again = fixture.client()
        again.cookies = client.cookies
        let account = await again.get("/account")
        #expect(account.status == 200 && account.body.contains("taro@example.com"))
    }

    @Test func signInAttemptsAreRateLimited() async throws {
        // A clock that stands still: on a loaded machine the three attempts can take more than
        // the minute that refills one.
        let clock = TestClock()
        let fixture = try AppFixture { configuration in
            configuration.rateLimits.signIn.perAddressAndAccount = .init(capacity: 2, refillPerMinute: 1)
            configuration.clock = clock.storeClock
        }
        let client = fixture.client(language: "en")
        for _ in 0..<2 {
            #expect(await client.submit("/signin", [("email", "x@example.com"), ("password", "guess")]).status == 422)
        }
        let limited = await client.submit("/signin", [("email", "x@example.com"), ("password", "guess")])
        #expect(limited.status == 429)
        #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(limited.body.contains(escaped(model.message(for: .tooManyRequests, locale: "en"))))
    }

    @Test func aTrustedProxyOverHTTPSMakesCookiesSecureWithTheHostPrefix() async throws {
        let fixture = try AppFixture { configuration in configuration.trustedProxies = .loopback }
        let client = fixture.client()
        let page = await client.get("/signup", headers: ["X-Forwarded-Proto": "https"])
        #expect(!page.setCookies.isEmpty)
        // RFC 6265bis §4.1.3.2: __Host- needs Secure, Path=/ and no Domain.
        #expect(page.setCookies.allSatisfy {
            $0.hasPrefix(CookieName.hostPrefix) && $0.contains("; Secure") && $0.contains("; Path=/;") && !$0.contains("Domain")
        })
        let created = await client.post("/signup", [("csrf", page.csrf ?? "")] + taro, headers: ["X-Forwarded-Proto": "https"])
        let session = CookieName.session.name(secure: true)
        #expect(session == "__Host-genkan_session")
        #expect(created.setCookies.contains { $0.hasPrefix(session + "=") && $0.contains("; Secure") })
        // The prefixed cookies are the ones read back over HTTPS: the session works.
        let account = await client.get("/account", headers: ["X-Forwarded-Proto": "https"])
        #expect(account.status == 200 && account.body.contains("taro@example.com"))
        let untrusted = try AppFixture()
        #expect(await untrusted.client().get("/signin", headers: ["X-Forwarded-Proto": "https"]).setCookies.allSatisfy { !$0.contains("Secure") })
    }

    /// A site whose `--base-url` is `https://` is served over HTTPS even when the TLS terminator in
    /// front of it says nothing about it: its cookies are `Secure` and `__Host-` from the start.
    @Test func anHTTPSBaseURLMakesCookiesSecureWithoutAProxyHeader() async throws {
        let fixture = try AppFixture { $0.baseURL = "https://genkan.example" }
        let client = fixture.client()
        let page = await client.get("/signup")
        #expect(!page.setCookies.isEmpty)
        #expect(page.setCookies.allSatisfy { $0.hasPrefix(CookieName.hostPrefix) && $0.contains("; Secure") })
        let created = await client.post("/signup", [("csrf", page.csrf ?? "")] + taro)
        #expect(created.setCookies.contains { $0.hasPrefix("__Host-genkan_session=") && $0.contains("; Secure") && $0.contains("HttpOnly") })
        #expect(await client.get("/account").status == 200)
    }

    // MARK: CSRF

    @Test func aPostWithoutTheRightTokenIsA403AndChangesNothing() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "ja")
        _ = await client.get("/signup")
        let missing = await client.post("/signup", taro)
        let wrong = await client.post("/signup", [("csrf", String(repeating: "A", count: 43))] + taro)
        let other = fixture.client()
        let foreign = await client.post("/signup", [("csrf", await other.get("/signup").csrf ?? "")] + taro)
        for response in [missing, wrong, foreign] {
            #expect(response.status == 403)
            #expect(response.body.contains(model.text("ui.error.403.title", locale: "ja")))
        }
        let noCookie = fixture.client()
        let page = await noCookie.get("/signup")
        noCookie.cookies = [:]
        #expect(await noCookie.post("/signup", [("csrf", page.csrf ?? "")] + taro).status == 403)
        #expect(try AccountStore(location: fixture.configuration.database).account(email: "taro@example.com") == nil)
    }

    @Test func signOutNeedsTheSessionsToken() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        _ = await client.submit("/signup", taro)
        let anonymousToken = await fixture.client().get("/signin").csrf ?? ""
        #expect(await client.post("/signout", [("csrf", anonymousToken)]).status == 403)
        #expect(await client.post("/signout", []).status == 403)
        #expect(await client.get("/account").status == 200)
    }

    // MARK: API

    @Test func liveValidationAnswersWithCodesAndLocalizedMessages() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "ja")
        let token = await client.get("/signup").csrf ?? ""
        let email = await client.post("/api/validate", [("csrf", token), ("form", "sign-up"), ("field", "email"), ("value", "taro@")])
        #expect(email.status == 200 && email.header("Content-Type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(email.body.utf8)) as? [String: Any])
        #expect(json["valid"] as? Bool == false)
        let issues = try #require(json["issues"] as? [[String: String]])
        #expect(!issues.isEmpty && issues.allSatisfy { $0["code"]!.hasPrefix("email.") && !$0["message"]!.isEmpty })
        let password = await client.post("/api/validate", [
            ("csrf", token), ("form", "sign-up"), ("field", "password"), ("value", "correct horse battery"), ("email", "taro@example.com"),
        ])
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(password.body.utf8)) as? [String: Any])
        let checklist = try #require(checked["checklist"] as? [[String: Any]])
        #expect(!checklist.isEmpty && checklist.allSatisfy { $0["met"] as? Bool == true })
        let forbidden = await fixture.client().post("/api/validate", [("form", "sign-up"), ("field", "email"), ("value", "x")])
        #expect(forbidden.status == 403 && forbidden.header("Content-Type") == "application/json")
        let wrongMethod = await client.get("/api/validate")
        #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "POST" && wrongMethod.body.hasPrefix("{\"error\":"))
        let unknownField = await client.post("/api/validate", [("csrf", token), ("form", "sign-in"), ("field", "name"), ("value", "x")])
        #expect(unknownField.status == 400)
        // An unknown address under /api/ answers in JSON too, never with an HTML page.
        let unknownRoute = await client.get("/api/nothing-here")
        #expect(unknownRoute.status == 404 && unknownRoute.header("Content-Type") == "application/json")
        #expect(unknownRoute.body.hasPrefix("{\"error\":{\"status\":404,"))
    }

    // MARK: Static files and errors

    @Test func staticFilesHaveTypesETagsAndCaching() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        let css = await client.get("/css/genkan.css")
        #expect(css.status == 200 && css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.header("Cache-Control") == "public, max-age=300")
        let etag = try #require(css.header("ETag"))
        let version = etag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let versioned = await client.get("/css/genkan.css?v=\(version)")
        #expect(versioned.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(await client.get("/css/genkan.css", headers: ["If-None-Match": etag]).status == 304)
        #expect(await client.get("/js/genkan.js").header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(await client.get("/signin").body.contains("/css/genkan.css?v=\(version)"))
        #expect(await client.send("POST", "/css/genkan.css", body: []).status == 405)
        for path in ["/../Package.swift", "/css/../../Package.swift", "/%2e%2e/Package.swift", "/.hidden"] {
            #expect(await client.get(path).status == 404, "\(path)")
        }
    }

    @Test func errorsAreLocalizedPages() async throws {
        let fixture = try AppFixture()
        let client = fixture.client(language: "fr")
        let missing = await client.get("/nowhere")
        #expect(missing.status == 404 && missing.body.contains(model.text("ui.error.404.title", locale: "fr")))
        let method = await client.send("DELETE", "/signin", body: nil)
        #expect(method.status == 405 && method.header("Allow") == "GET, HEAD, POST")
        #expect(method.body.contains(model.text("ui.error.405.title", locale: "fr")))
        let notForm = await client.send("POST", "/signin", body: Array("{}".utf8), headers: ["Content-Type": "application/json"])
        #expect(notForm.status == 400 && notForm.body.contains(model.text("ui.error.400.title", locale: "fr")))
        for response in [missing, method, notForm] { #expect(!response.body.contains("Swift") && !response.body.contains("Fatal")) }
    }

    // MARK: Logging

}

/// HTML text escaping as the HTML standard defines it (§13.1.2.3), written here independently
/// of the server's escaper.
func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}
