import Foundation
import GenkanHTTPTesting
import GenkanLocalization
@testable import GenkanStore
import Synchronization
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// The limits as an attacker meets them (floods, spread addresses, lock-outs, proxies), in-process over a
/// real SQLite file.
@Suite struct SignInLimitTests {
    static let password = "correct horse battery"
    let model = AuthErrorModel()

    /// A fixture with a cheap hasher: these tests make hundreds of password checks.
    static func fixture(accessLog: AccessLog? = nil, _ configure: (inout GenkanConfiguration) -> Void = { _ in }) throws -> AppFixture {
        try AppFixture(accessLog: accessLog) { configuration in
            configuration.hasher = PasswordHasher(operations: 1, memory: 8 * 1024)
            configure(&configuration)
        }
    }

    func client(_ fixture: AppFixture, from address: String) -> TestClient {
        let client = fixture.client(language: "en")
        client.peerAddress = address
        return client
    }

    func signIn(_ client: TestClient, _ password: String, email: String = "taro@example.com") async -> TestClient.Response {
        await client.submit("/signin", [("email", email), ("password", password)])
    }

    // MARK: No lockout of the owner

    @Test func wrongPasswordsFromOneAddressDoNotLockTheOwnerOut() async throws {
        let fixture = try AppFixture()  // the real hasher, as in the report
        try #require(await fixture.client().submit("/signup", taro).status == 303)
        let attacker = client(fixture, from: "203.0.113.9")
        for _ in 0..<20 {
            let status = await signIn(attacker, "a wrong guess").status
            #expect(status == 422 || status == 429)
        }
        #expect(await signIn(attacker, "another guess").status == 429)
        let owner = client(fixture, from: "198.51.100.7")
        let signedIn = await signIn(owner, Self.password)
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/account")
    }

    // MARK: NIST's cap

    @Test func the101stConsecutiveFailureIsRefusedUntilTheEmailedReset() async throws {
        let fixture = try Self.fixture()
        try #require(await fixture.client().submit("/signup", taro).status == 303)
        // 100 wrong passwords from ten addresses (ten each: under every per-address limit).
        for address in 0..<10 {
            let attacker = client(fixture, from: "203.0.113.\(address)")
            for _ in 0..<10 { #expect(await signIn(attacker, "a wrong guess").status == 422) }
        }
        // The 101st — even the right password, from a new address — is refused with the way out.
        let owner = client(fixture, from: "198.51.100.7")
        let locked = await signIn(owner, Self.password)
        #expect(locked.status == 429 && locked.header("Retry-After") == nil)
        #expect(locked.body.contains(escaped(model.text("ui.signin.locked", locale: "en"))))
        #expect(locked.body.contains("href=\"/password/forgot\""))
        // An address without an account answers alike at its cap.
        for address in 0..<10 {
            let attacker = client(fixture, from: "203.0.113.\(address)")
            for _ in 0..<10 { _ = await signIn(attacker, "a wrong guess", email: "nobody@example.com") }
        }
        let unknown = await signIn(owner, "a wrong guess", email: "nobody@example.com")
        #expect(unknown.status == 429 && unknown.body.contains(escaped(model.text("ui.signin.locked", locale: "en"))))
        // The e-mailed reset opens the account.
        _ = await owner.submit("/password/forgot", [("email", "taro@example.com")])
        let link = try #require(try await Self.mailedLink(fixture, "/password/reset"))
        let form = await owner.get(link)
        let reset = await owner.post("/password/reset", [
            ("csrf", form.csrf ?? ""), ("code", String(link.split(separator: "=").last!)), ("new-password", "a brand new passphrase"),
            ("password-confirmation", "a brand new passphrase"),
        ])
        #expect(reset.status == 303)
        #expect(await signIn(client(fixture, from: "198.51.100.8"), "a brand new passphrase").status == 303)
    }

    @Test func aSignInResetsTheCountsOfTheAccountAndOfItsAddress() async throws {
        let fixture = try Self.fixture()
        try #require(await fixture.client().submit("/signup", taro).status == 303)
        let owner = client(fixture, from: "192.0.2.1")
        for _ in 0..<9 { #expect(await signIn(owner, "a typo").status == 422) }
        #expect(await signIn(owner, Self.password).status == 303)
        let store = try AccountStore(location: fixture.configuration.database)
        #expect(try store.failedSignIns(accountID: try #require(try store.account(email: "taro@example.com")).account.id) == 0)
        // Ten more typos are checked: the address's count on the account started again.
        let again = client(fixture, from: "192.0.2.1")
        for _ in 0..<10 { #expect(await signIn(again, "a typo").status == 422) }
        #expect(await signIn(again, "a typo").status == 429)
    }

    // MARK: A 503 spends nothing

    @Test func a503SpendsNoRateLimitTokenAndCountsNoFailure() async throws {
        let clock = TestClock()
        let busy = try Self.fixture { configuration in
            configuration.clock = clock.storeClock
            configuration.workerThreads = 1
            // Every hashing job has waited its longest when a thread looks at it: always 503.
            configuration.hashingQueue.maximumWait = .zero
            configuration.rateLimits.signUpPerAddress = .init(capacity: 2, refillPerMinute: 0)
        }
        for index in 0..<5 {
            let page = await busy.client().submit("/signup", [("name", "User \(index)"), ("email", "user\(index)@example.com"),
                ("password", "correct horse battery"), ("password-confirmation", "correct horse battery")])
            #expect(page.status == 503 && Int(page.header("Retry-After") ?? "") ?? 0 >= 1)
        }
        for _ in 0..<20 { #expect(await signIn(busy.client(), "a wrong guess").status == 503) }
        // The same file with threads that keep up: both sign-ups are still allowed, and no
        // failure was counted.
        let calm = try Self.fixture { configuration in
            configuration.database = busy.configuration.database
            configuration.clock = clock.storeClock
            configuration.rateLimits.signUpPerAddress = .init(capacity: 2, refillPerMinute: 0)
        }
        #expect(await calm.client().submit("/signup", taro).status == 303)
        let store = try AccountStore(location: busy.configuration.database)
        #expect(try store.failedSignIns(accountID: try #require(try store.account(email: "taro@example.com")).account.id) == 0)
        #expect(try store.peekLimit(StoredLimit("sign-in.address", SignInLimits.standard.perAddress), key: "127.0.0.1").allowed)
        #expect(await calm.client().submit("/signup", [("name", "Hanako"), ("email", "hanako@example.com"),
            ("password", "correct horse battery"), ("password-confirmation", "correct horse battery")]).status == 303)
        #expect(await calm.client().submit("/signup", [("name", "Jiro"), ("email", "jiro@example.com"),
            ("password", "correct horse battery"), ("password-confirmation", "correct horse battery")]).status == 429)
    }

    // MARK: Limits persist

    @Test func limitsSurviveARestartAndAreSharedByASecondServer() async throws {
        let fixture = try Self.fixture()
        try #require(await fixture.client().submit("/signup", taro).status == 303)
        let attacker = client(fixture, from: "203.0.113.9")
        for _ in 0..<10 { _ = await signIn(attacker, "a wrong guess") }
        #expect(await signIn(attacker, "a wrong guess").status == 429)
        // A second server on the same file refuses the same address.
        let second = try GenkanApp(configuration: fixture.configuration, loops: 1, accessLog: nil, sendsMail: false)
        defer { second.stop() }
        let viaSecond = TestClient(routes: second.routes)
        viaSecond.peerAddress = "203.0.113.9"
        #expect(await viaSecond.submit("/signin", [("email", "taro@example.com"), ("password", "guess")]).status == 429)
        // After a restart too; the owner elsewhere is not held back.
        try fixture.restart()
        #expect(await signIn(client(fixture, from: "203.0.113.9"), "a wrong guess").status == 429)
        #expect(await signIn(client(fixture, from: "198.51.100.7"), Self.password).status == 303)
    }

    // MARK: --trust-proxy

    @Test func forwardedAddressesFromAnUntrustedPeerAreIgnored() async throws {
        let clock = TestClock()  // the address's bucket must not refill while the test runs
        let fixture = try Self.fixture { configuration in
            configuration.trustedProxies = .loopback
            configuration.clock = clock.storeClock
        }
        let attacker = client(fixture, from: "203.0.113.9")
        for index in 0..<30 {
            let page = await attacker.get("/signin")
            let response = await attacker.post(
                "/signin", [("csrf", page.csrf ?? ""), ("email", "user\(index)@example.com"), ("password", "guess")],
                headers: ["X-Forwarded-For": "10.9.\(index).1"])
            #expect(response.status == 422)
        }
        let page = await attacker.get("/signin")
        let limited = await attacker.post(
            "/signin", [("csrf", page.csrf ?? ""), ("email", "user99@example.com"), ("password", "guess")],
            headers: ["X-Forwarded-For": "10.9.99.1"])
        #expect(limited.status == 429)
        // Through the trusted (loopback) proxy, the forwarded address is the client.
        let proxied = client(fixture, from: "127.0.0.1")
        let proxiedPage = await proxied.get("/signin")
        let allowed = await proxied.post(
            "/signin", [("csrf", proxiedPage.csrf ?? ""), ("email", "user99@example.com"), ("password", "guess")],
            headers: ["X-Forwarded-For": "6.6.6.6, 198.51.100.7"])
        #expect(allowed.status == 422)
    }

    // MARK: Pre-sessions

    @Test func aPreSessionAndItsTokenExpire() async throws {
        let clock = TestClock()
        let fixture = try Self.fixture { $0.clock = clock.storeClock }
        let client = fixture.client(language: "en")
        let page = await client.get("/signin")
        #expect(page.setCookies.contains { $0.hasPrefix("genkan_pre=") && $0.contains("Max-Age=86400") })
        clock.advance(by: 86_399)
        #expect(await client.post("/signin", [("csrf", page.csrf ?? ""), ("email", "x@example.com"), ("password", "guess")]).status == 422)
        clock.advance(by: 1)
        let expired = await client.post("/signin", [("csrf", page.csrf ?? ""), ("email", "x@example.com"), ("password", "guess")])
        #expect(expired.status == 403)
        // The error page has no form to bind, so it mints no pre-session; the next form does.
        #expect(!expired.setCookies.contains { $0.hasPrefix("genkan_pre=") })
        let again = await client.get("/signin")
        #expect(again.setCookies.contains { $0.hasPrefix("genkan_pre=") && $0.contains("Max-Age=86400") })
        #expect(await client.post("/signin", [("csrf", again.csrf ?? ""), ("email", "x@example.com"), ("password", "guess")]).status == 422)
        // A pre-session whose time was moved forward does not match its token.
        let current = try #require(client.cookies["genkan_pre"])
        let parts = current.split(separator: ".")
        client.cookies["genkan_pre"] = "\(parts[0]).\(clock.now + 5)"
        #expect(await client.post("/signin", [("csrf", again.csrf ?? ""), ("email", "x@example.com"), ("password", "guess")]).status == 403)
    }

    // MARK: /api/validate

    @Test func liveValidationIsLimitedPerClient() async throws {
        let fixture = try Self.fixture { $0.rateLimits.validationPerAddress = .init(capacity: 3, refillPerMinute: 0) }
        let client = fixture.client(language: "en")
        let token = await client.get("/signup").csrf ?? ""
        let ask = [("csrf", token), ("form", "sign-up"), ("field", "email"), ("value", "taro@")]
        for _ in 0..<3 { #expect(await client.post("/api/validate", ask).status == 200) }
        let limited = await client.post("/api/validate", ask)
        #expect(limited.status == 429 && limited.header("Retry-After") == "3600")
        #expect(limited.header("Content-Type") == "application/json")
        let other = fixture.client()
        other.peerAddress = "198.51.100.7"
        let otherToken = await other.get("/signup").csrf ?? ""
        #expect(await other.post("/api/validate", [("csrf", otherToken)] + ask.dropFirst()).status == 200)
    }

    // MARK: Security events

    @Test func signInsAndLimitsAreLoggedWithoutSecrets() async throws {
        let lines = Mutex<[String]>([])
        let fixture = try Self.fixture { configuration in
            configuration.errorLog = ErrorLog { line in lines.withLock { $0.append(line) } }
            configuration.rateLimits.signIn.perAddressAndAccount = .init(capacity: 1, refillPerMinute: 0)
        }
        try #require(await fixture.client().submit("/signup", taro).status == 303)
        let attacker = client(fixture, from: "203.0.113.9")
        #expect(await signIn(attacker, "Secret-Guess-1729").status == 422)
        // Refused, then answered from the refusal cache: one line for the refusal, not one per try.
        for _ in 0..<3 { #expect(await signIn(attacker, "Secret-Guess-1729").status == 429) }
        #expect(await signIn(client(fixture, from: "198.51.100.7"), Self.password).status == 303)
        let logged = lines.withLock { $0 }.filter { $0.contains(" security ") }
        try #require(logged.count == 3, "\(logged)")
        let tag = #"account=[0-9a-f]{12} domain=example\.com\n$"#
        #expect(logged[0].contains("security sign-in.failed client=203.0.113.9 ") && logged[0].range(of: tag, options: .regularExpression) != nil)
        #expect(logged[1].contains("security sign-in.refused client=203.0.113.9 reason=address-on-account retry-after=3600 account="))
        #expect(logged[2].contains("security sign-in.succeeded client=198.51.100.7 "))
        for line in logged {
            #expect(!line.contains("Secret-Guess") && !line.contains(Self.password) && !line.lowercased().contains("taro@"))
        }
        // The same tag for the same account, whatever the event.
        let tags = logged.compactMap { SiteClient.firstMatch("account=([0-9a-f]{12})", in: $0) }
        #expect(Set(tags).count == 1)
    }

    /// With an access log, the events stand among the requests, in the log's format, just before
    /// the request they belong to; the error log gets none.
    @Test func securityEventsGoToTheAccessLogAmongTheRequests() async throws {
        let pipe = try TestPipe()
        let errors = Mutex<[String]>([])
        let fixture = try Self.fixture(accessLog: AccessLog(format: .json, descriptor: pipe.writeEnd, loops: 1)) { configuration in
            configuration.errorLog = ErrorLog { line in errors.withLock { $0.append(line) } }
        }
        try #require(await fixture.client().submit("/signup", taro).status == 303)
        _ = pipe.read(untilLines: .max, within: .milliseconds(200))  // the sign-up's requests
        #expect(await signIn(client(fixture, from: "203.0.113.9"), "Secret-Guess-1729").status == 422)
        let lines = pipe.read(untilLines: 3, within: .seconds(2)).split(separator: "\n").map(String.init)
        let event = try #require(lines.firstIndex { $0.contains(#""event":"sign-in.failed""#) }, "\(lines)")
        #expect(lines[event].contains(#""client":"203.0.113.9","event":"sign-in.failed","account":""#))
        #expect(lines[event].hasSuffix(#","domain":"example.com"}"#), "\(lines[event])")
        #expect(lines[(event + 1)...].contains { $0.contains(#""method":"POST","path":"/signin","status":422"#) }, "\(lines)")
        for line in lines { #expect(!line.contains("Secret-Guess") && !line.contains("taro@")) }
        #expect(errors.withLock { $0 }.filter { $0.contains(" security ") }.isEmpty)
    }

    /// The newest link to `path` in the outbox, waiting for the reset request's mail.
    static func mailedLink(_ fixture: AppFixture, _ path: String) async throws -> String? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let link = try fixture.mails.all.compactMap({ $0.link(path) }).last { return link }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}

@Suite struct RefusalCacheTests {
    @Test func aRefusalHoldsUntilItEndsAndIsNewOnlyOnce() {
        let cache = RefusalCache(capacity: 10)
        #expect(cache.remember("a", for: 60, now: 1_000))
        #expect(!cache.remember("a", for: 60, now: 1_001))
        #expect(cache.retryAfter("a", now: 1_030) == 30)
        #expect(cache.retryAfter("a", now: 1_060) == nil)
        #expect(cache.remember("a", for: 60, now: 1_060))
        cache.forget("a")
        #expect(cache.retryAfter("a", now: 1_061) == nil)
    }

    @Test func aFullCacheRemembersNothingNewRatherThanForgetAnyone() {
        let cache = RefusalCache(capacity: 3)
        for key in ["a", "b", "c"] { cache.remember(key, for: 60, now: 0) }
        for index in 0..<1000 { cache.remember("flood-\(index)", for: 60, now: 1) }
        #expect(cache.count == 3)
        #expect(["a", "b", "c"].allSatisfy { cache.retryAfter($0, now: 2) != nil })
        // Once those end, there is room again.
        cache.remember("d", for: 60, now: 61)
        #expect(cache.retryAfter("d", now: 62) == 59 && cache.count == 1)
    }
}
