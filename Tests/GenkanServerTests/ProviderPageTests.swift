import Foundation
import GenkanHTTPClient
import GenkanHTTPTesting
import GenkanLocalization
import GenkanValidation
import Testing
@testable import GenkanHTTP
@testable import GenkanOIDC
@testable import GenkanServer

/// The provider buttons and the callback's rules, in-process (the flows against real providers
/// are Tests/e2e/test_oidc.py). Nothing listens on port 9: a provider there is unreachable.
@Suite struct ProviderPageTests {
    let model = AuthErrorModel()

    func text(_ key: String, _ locale: String = "en") -> String { escaped(model.text(key, locale: locale)) }

    func fixture() throws -> AppFixture {
        let key = try ES256PrivateKey.generate()
        let directory = NSTemporaryDirectory() + "genkan-apple-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try key.pem.write(toFile: directory + "/AuthKey.p8", atomically: true, encoding: .utf8)
        var google = OIDCProviderSettings(name: "google")
        google.issuer = "http://127.0.0.1:9"
        google.clientID = "genkan"
        google.clientSecret = "secret"
        var apple = OIDCProviderSettings(name: "apple")
        apple.issuer = "http://127.0.0.1:9/apple"
        apple.clientID = "com.example.web"
        apple.appleTeamID = "TEAM"
        apple.appleKeyID = "KEY"
        apple.appleKeyFile = directory + "/AuthKey.p8"
        let configured = [try OIDCProviderConfiguration(google), try OIDCProviderConfiguration(apple)]
        try? FileManager.default.removeItem(atPath: directory)
        return try AppFixture { $0.identityProviders = configured }
    }

    @Test func signInAndSignUpShowTheButtonsInTheirLanguage() async throws {
        let fixture = try fixture()
        let client = fixture.client(language: "ja")
        let signIn = await client.get("/signin?return=/account/sessions")
        #expect(signIn.body.contains(#"<a class="provider-button provider-google" href="/signin/google?return=/account/sessions">"# + text("ui.provider.google.signin", "ja")))
        #expect(signIn.body.contains(text("ui.provider.apple.signin", "ja")))
        let signUp = await client.get("/signup")
        #expect(signUp.body.contains(text("ui.provider.google.signup", "ja")) && signUp.body.contains(text("ui.provider.apple.signup", "ja")))
        // Without providers, no buttons and no routes.
        let plain = try AppFixture()
        let page = await plain.client().get("/signin")
        #expect(!page.body.contains("provider-button"))
        #expect(await plain.client().get("/signin/google").status == 404)
    }

    @Test func onlyApplesCallbackTakesAPostAndItSetsNoCookie() async throws {
        let fixture = try fixture()
        let client = fixture.client()
        // Google answers by redirect: its callback takes no POST.
        #expect(await client.post("/signin/google/callback", [("state", "x"), ("code", "y")]).status == 404)
        // Apple's form_post has no CSRF token and arrives without cookies: it is recorded (or not)
        // by its state and sent on to the GET, without a new pre-session cookie.
        let posted = await client.post("/signin/apple/callback", [("state", "unknown-state"), ("code", "c")])
        #expect(posted.status == 303)
        #expect(posted.header("location") == "/signin/apple/callback?state=unknown-state")
        #expect(posted.setCookies.isEmpty)
        // The GET finds no such request: refused with the message, nothing signed in.
        let answer = await client.get(posted.header("location")!)
        #expect(answer.status == 400)
        #expect(answer.body.contains(text("auth/invalid-credential")))
        #expect(!answer.setCookies.contains { $0.hasPrefix("genkan_session=") })
        // Every other form still needs its token.
        #expect(await client.post("/signin", [("email", "taro@example.com"), ("password", "correct horse battery")]).status == 403)
    }

    @Test func anUnreachableProviderIsAnErrorPageNotACrash() async throws {
        let fixture = try fixture()
        let response = await fixture.client().get("/signin/google")
        #expect(response.status == 502)
        #expect(response.body.contains(text("auth/internal-error")))
    }

    @Test func providerPagesNeedASession() async throws {
        let fixture = try fixture()
        let client = fixture.client()
        #expect(await client.get("/account/providers").status == 303)
        #expect(await client.get("/account/providers/google/connect").status == 303)
        #expect(await client.get("/account/providers/google/disconnect").status == 303)
        // The old link route is gone: connecting starts only from the password form.
        #expect(await client.get("/account/providers/google/link?token=x").status == 404)
    }

    /// Google signs ID tokens with either spelling of its issuer: both are one identity, stored
    /// under the configured issuer.
    @Test func bothSpellingsOfGooglesIssuerAreOneIdentity() throws {
        var settings = OIDCProviderSettings(name: "google")
        settings.clientID = "genkan-web"
        settings.clientSecret = "s3cret"
        let provider = OIDCProvider(try OIDCProviderConfiguration(settings), fetcher: HTTPClient(), clock: { 0 })
        let profiles = ["accounts.google.com", "https://accounts.google.com"].map { issuer in
            ProviderSignIn.profile(
                VerifiedIDToken(
                    issuer: issuer, subject: "1234", email: "taro@example.com", emailVerified: true, names: ["Taro"], issuedAt: 0,
                    expiresAt: 3600, claims: .object([])),
                provider: provider, appleUser: nil, rules: ValidationViewModel())
        }
        #expect(profiles.map(\.issuer) == ["https://accounts.google.com", "https://accounts.google.com"])
        #expect(profiles[0] == profiles[1])
    }
}
