import Testing
@testable import GenkanStore

@Suite struct RateLimiterTests {
    @Test func allowsABurstThenRefills() {
        let limiter = RateLimiter(rule: .init(capacity: 3, refillPerMinute: 6))  // one every 10 s
        for _ in 0..<3 { #expect(limiter.attempt("ip", now: 0).allowed) }
        let refused = limiter.attempt("ip", now: 0)
        #expect(!refused.allowed && refused.retryAfter == 10)
        #expect(limiter.attempt("other", now: 0).allowed)  // keys are independent
        #expect(!limiter.attempt("ip", now: 9).allowed)  // 0.9 tokens; a refusal costs nothing
        #expect(limiter.attempt("ip", now: 20).allowed)  // 2.0 tokens
        #expect(limiter.attempt("ip", now: 20).allowed)
        #expect(!limiter.attempt("ip", now: 20).allowed)
    }

    @Test func neverHoldsMoreThanItsKeyLimit() {
        let limiter = RateLimiter(rule: .init(capacity: 2, refillPerMinute: 1), maximumKeys: 100)
        for index in 0..<1000 { _ = limiter.attempt("key-\(index)", now: Double(index) / 1000) }
        #expect(limiter.keyCount <= 100)
    }
}
