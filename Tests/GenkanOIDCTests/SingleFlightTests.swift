import GenkanJSON
import Foundation
import GenkanHTTPClient
import Synchronization
import Testing
@testable import GenkanOIDC

/// A provider whose documents are slow or failing costs one request at a time, and a failing one
/// one request per interval, however many sign-ins need it meanwhile.
@Suite struct SingleFlightTests {
    /// Answers every request after `delay`, with `status`; counts them.
    final class SlowProvider: HTTPFetching, Sendable {
        let status: Int
        let delay: Duration
        private let count = Mutex(0)
        var requests: Int { count.withLock { $0 } }

        init(status: Int, delay: Duration = .milliseconds(150)) {
            self.status = status
            self.delay = delay
        }

        func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
            count.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
            guard status == 200 else { return HTTPClientResponse(status: status, headers: [], body: []) }
            let document: JSONValue = .object([
                ("issuer", .string(FakeProvider.issuer)), ("authorization_endpoint", .string(FakeProvider.issuer + "/authorize")),
                ("token_endpoint", .string(FakeProvider.issuer + "/token")), ("jwks_uri", .string(FakeProvider.issuer + "/keys")),
            ])
            return HTTPClientResponse(status: 200, headers: [("cache-control", "max-age=3600")], body: Array(document.serialized().utf8))
        }
    }

    /// Calls `metadata()` from `count` threads at once; returns how many succeeded.
    func concurrently(_ provider: OIDCProvider, _ count: Int) -> Int {
        let succeeded = Mutex(0)
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            Thread {
                if (try? provider.metadata()) != nil { succeeded.withLock { $0 += 1 } }
                group.leave()
            }.start()
        }
        group.wait()
        return succeeded.withLock { $0 }
    }

    @Test func concurrentSignInsShareOneFetch() throws {
        let fetcher = SlowProvider(status: 200)
        let provider = OIDCProvider(try configuration(), fetcher: fetcher, clock: { 1_800_000_000 })
        #expect(concurrently(provider, 12) == 12)
        #expect(fetcher.requests == 1)
    }

    @Test func aFailingProviderCostsOneRequestPerInterval() throws {
        let fetcher = SlowProvider(status: 503)
        let clock = TestClock()
        let provider = OIDCProvider(try configuration(), fetcher: fetcher, clock: { clock.now }, failureRetryInterval: 30)
        #expect(concurrently(provider, 12) == 0)
        #expect(fetcher.requests == 1)
        // Within the interval every sign-in is refused at once, with the same reason.
        clock.advance(by: 29)
        #expect(throws: OIDCFailure.self) { try provider.metadata() }
        #expect(fetcher.requests == 1)
        // Then one request tries again.
        clock.advance(by: 1)
        #expect(concurrently(provider, 6) == 0)
        #expect(fetcher.requests == 2)
    }
}
