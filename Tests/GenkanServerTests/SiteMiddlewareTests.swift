import GenkanHTTPTesting
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// The site's middleware on a router of their own, driven in-process.
@Suite struct SiteMiddlewareTests {
    /// Refusals as plain statuses, so a test reads what the middleware decided.
    struct StatusErrors: ErrorPresenter {
        func response(for refusal: SiteRefusal, request: HTTPRequest, context: some SiteRequestContext) -> HTTPResponse {
            switch refusal {
            case .status(let status): HTTPResponse(status: status.rawValue)
            case .methodNotAllowed(let allowed): HTTPResponse(status: 405, headers: ["Allow": allowed.joined(separator: ", ")])
            case .tooManyRequests(let seconds): HTTPResponse(status: 429, headers: ["Retry-After": String(seconds)])
            case .accountLocked: HTTPResponse(status: 429)
            case .overloaded(let seconds): HTTPResponse(status: 503, headers: ["Retry-After": String(seconds)])
            case .invalidEncoding: HTTPResponse(status: 400)
            case .signInRequired(let returnTo): HTTPResponse(status: 303, headers: ["Location": returnTo ?? "/signin"])
            }
        }
    }

    static func text(_ body: String) -> Reply {
        .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: .text(body)))
    }

    static func client(_ configure: (Router<SiteContext>) -> Void) -> TestClient {
        let router = Router<SiteContext>(attributes: SiteRoute(errors: StatusErrors()))
        configure(router)
        return TestClient(routes: router.build())
    }

    @Test func aRefusingMiddlewareStopsTheChainAndLaterLimitsSpendNothing() async {
        let first = RateLimiter(rule: .init(capacity: 1, refillPerMinute: 0))
        let second = RateLimiter(rule: .init(capacity: 5, refillPerMinute: 0))
        let clock = StoreClock { 1_000 }
        let client = Self.client { router in
            router.group(
                "", Limit(name: "first", buckets: .memory(first), clock: clock, security: .silent).keyed { _, _ in "client" },
                Limit(name: "second", buckets: .memory(second), clock: clock, security: .silent).keyed { _, _ in "account" }
            ).post("/limited") { _, _ in Self.text("ok") }
        }
        #expect(await client.post("/limited", []).status == 200)
        for _ in 0..<3 {
            let refused = await client.post("/limited", [])
            #expect(refused.status == 429 && refused.header("Retry-After") == "3600")
        }
        // The second bucket was spent once (the first request), not four times.
        for _ in 0..<4 { #expect(second.attempt("account", now: 1_000).allowed) }
        #expect(!second.attempt("account", now: 1_000).allowed)
    }
}

extension SecurityLog {
    /// A security log that writes nowhere, for tests of the middleware alone.
    static let silent = SecurityLog(
        log: ErrorLog { _ in }, throttle: SignInThrottle(limits: .standard, secret: [UInt8](repeating: 7, count: 32)))
}
