import Foundation
import GenkanHTTPTesting
import GenkanOIDC
import GenkanStore
import GenkanValidation
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// Every path a page or a form points at is a route of the site, asked of the router itself:
/// each form posts to (and is shown at) a registered route, and every link and form action on the
/// pages a visitor can reach resolves, with the method the page uses.
@Suite struct SiteMapTests {
    /// The app with one OpenID provider and passkeys on (a base URL on a domain), so the provider
    /// and passkey pages and their forms are registered too (the provider's issuer is never
    /// reached: nothing here starts a sign-in with it).
    func fixture() throws -> AppFixture {
        var google = OIDCProviderSettings(name: "google")
        google.issuer = "http://127.0.0.1:9"
        google.clientID = "genkan"
        google.clientSecret = "secret"
        let configured = [try OIDCProviderConfiguration(google)]
        return try AppFixture {
            $0.identityProviders = configured
            $0.baseURL = "http://localhost:8080"
            $0.twoFactorKeys = try? TwoFactorKeys(fileText: String(repeating: "5a", count: 32))
        }
    }

    /// Every form description of the site; those whose path has a parameter with a sample value.
    static func everyForm(provider: ProviderButton) -> [FormDescription] {
        [
            .signIn, .signUp, .passwordResetRequest, .passwordReset, .signInLinkRequest, .nameChange, .passwordChange,
            .emailChange, .accountDeletion, .passwordRemoval, .passkeyAddConfirmation(hasPassword: true),
            .passkeyRemoval(id: 7, name: "Laptop", hasPassword: false), .providerChange(.connect, provider, hasPassword: true),
            .providerChange(.disconnect, provider, hasPassword: false), .secondStep, .twoFactorSetUp(hasPassword: true),
            .twoFactorEnable, .recoveryCodesRenewal, .twoFactorRemoval(hasPassword: true), .twoFactorRemoval(hasPassword: false),
        ]
    }

    /// The route of `method` at `path` (its query left off), or nil.
    static func route(_ method: String, _ path: String, in routes: RouteTable) -> SiteRoute? {
        let bare = String(path.prefix { $0 != "?" && $0 != "#" })
        return routes.attributes(method, bare) as? SiteRoute
    }

    @Test func everyFormPostsToAndIsShownAtARegisteredRoute() throws {
        let fixture = try fixture()
        let routes = fixture.app.routes
        let provider = try #require(fixture.app.identity.buttons.first)
        let forms = Self.everyForm(provider: provider)
        // The list is complete for the kinds of form there are.
        #expect(Set(forms.map(\.kind)) == Set(FormKind.allCases))
        for form in forms {
            #expect(Self.route("POST", form.path, in: routes) != nil, "POST \(form.path) (\(form.kind))")
            #expect(Self.route("GET", form.path, in: routes) != nil, "GET \(form.path) (\(form.kind))")
            for link in form.links {
                #expect(Self.route("GET", link.href, in: routes) != nil, "\(form.path) links to \(link.href)")
            }
        }
        // A route registered with a form carries that form's own path (the router refuses others
        // at start), so its form and its path cannot disagree.
        for form in [FormDescription.signIn, .signUp, .passwordReset, .accountDeletion] {
            #expect(Self.route("POST", form.path, in: routes)?.form?.route == form.route, "\(form.path)")
        }
    }

    @Test func aParameterIsFilledInAsOneEncodedSegment() {
        #expect(SitePath.passkeyRemove.filled("12") == "/account/passkeys/12/remove")
        #expect(SitePath.providerConnect.filled("a/b c") == "/account/providers/a%2Fb%20c/connect")
        #expect(SitePath.passwordReset.with("code", "a+b") == "/password/reset?code=a%2Bb")
        #expect(SitePath.passkeyRemove.hasParameters && !SitePath.account.hasParameters)
        // The router matches what `filled` writes and decodes the value back.
        let parameters = RoutePath(SitePath.providerConnect.pattern).match(SitePath.providerConnect.filled("a/b c"))
        #expect(parameters?["provider"] == "a/b c")
    }

    /// Follows the links of every page a visitor reaches from the anonymous pages, and then from
    /// the account page once signed in: each `href` and each form's `action` on them is a route
    /// for the method the page uses (GET for links and GET forms, POST for the others).
    @Test func everyLinkAndFormOnTheReachablePagesResolves() async throws {
        let fixture = try fixture()
        let routes = fixture.app.routes
        let anonymous = fixture.client(language: "en")
        var checked = try await crawl(from: ["/signin", "/signup", "/password/forgot", "/signin/link"], with: anonymous, routes: routes)
        let taro = fixture.client(language: "en")
        try #require(await taro.submit("/signup", GenkanServerTests.taro).status == 303)
        checked.formUnion(try await crawl(from: ["/account"], with: taro, routes: routes))
        // The crawl saw the pages it is meant to: the settings, the sign-out button, the scripts.
        for expected in ["GET /account/name", "GET /account/providers", "GET /account/passkeys", "POST /signout", "GET /js/genkan.js"] {
            #expect(checked.contains(expected), "\(expected) not seen")
        }
    }

    /// Visits the pages reachable by GET from `start` and checks every link and form on them;
    /// answers what it checked (`METHOD /path`).
    func crawl(from start: [String], with client: TestClient, routes: RouteTable) async throws -> Set<String> {
        var queue = start, visited: Set<String> = [], checked: Set<String> = []
        while let path = queue.popLast(), visited.count < 60 {
            guard visited.insert(path).inserted else { continue }
            let page = await client.get(path)
            guard page.status == 200, page.header("Content-Type")?.hasPrefix("text/html") == true else { continue }
            for (method, target) in Self.targets(in: page.body) {
                let bare = String(target.prefix { $0 != "?" && $0 != "#" })
                checked.insert(method + " " + bare)
                #expect(Self.route(method, target, in: routes) != nil, "\(path) has \(method) \(target), which no route serves")
                // Pages of this site reached by a plain link; a sign-out or provider start is not a page.
                if method == "GET", !bare.hasPrefix("/css/"), !bare.hasPrefix("/js/"), !bare.hasPrefix("/signin/google") {
                    queue.append(bare)
                }
            }
        }
        return checked
    }

    /// The site-local targets of a page: `href` of links and stylesheets, `src` of scripts, and
    /// each form's `action` with its method.
    static func targets(in html: String) -> [(method: String, path: String)] {
        var found: [(String, String)] = []
        for tag in matches(#"<(?:a|link|script)\b[^>]*>"#, in: html) {
            if let target = attribute("href", in: tag) ?? attribute("src", in: tag), isLocal(target) { found.append(("GET", target)) }
        }
        for tag in matches(#"<form\b[^>]*>"#, in: html) {
            guard let action = attribute("action", in: tag), isLocal(action) else { continue }
            found.append(((attribute("method", in: tag) ?? "get").uppercased(), action))
        }
        return found
    }

    static func isLocal(_ target: String) -> Bool { target.hasPrefix("/") && !target.hasPrefix("//") }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        matches(#"\s\#(name)="[^"]*""#, in: tag).first.map { String($0.drop { $0 != "\"" }.dropFirst().dropLast()) }
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }
}
