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

@Suite struct BoundedRateLimiterTests {
    @Test func aFloodOfNewKeysCannotFreeAKeyThatStillHoldsSomething() {
        let limiter = RateLimiter(rule: .init(capacity: 2, refillPerMinute: 1), maximumKeys: 100)
        #expect(limiter.attempt("victim", now: 0).allowed)
        #expect(limiter.attempt("victim", now: 0).allowed)
        #expect(!limiter.attempt("victim", now: 0).allowed)
        for index in 0..<10_000 { _ = limiter.attempt("flood-\(index)", now: Double(index) / 1000) }
        #expect(limiter.keyCount <= 100)
        // Ten seconds on, the victim has regained a sixth of an attempt: still refused.
        #expect(!limiter.attempt("victim", now: 10).allowed)
    }

    @Test func keysWithoutRoomShareOneBucketAndDrainedKeysMakeRoom() {
        let limiter = RateLimiter(rule: .init(capacity: 1, refillPerMinute: 60), maximumKeys: 2)
        #expect(limiter.attempt("a", now: 0).allowed)
        #expect(limiter.attempt("b", now: 0).allowed)
        #expect(limiter.attempt("c", now: 0).allowed)  // the overflow bucket
        #expect(!limiter.attempt("d", now: 0).allowed)  // shares it with c
        // A second later a and b have drained: a new key gets a bucket of its own.
        #expect(limiter.attempt("e", now: 1.5).allowed)
        #expect(limiter.keyCount == 1)
    }

    @Test func aRefundGivesBackAnAttempt() {
        let limiter = RateLimiter(rule: .init(capacity: 1, refillPerMinute: 0))
        #expect(limiter.attempt("ip", now: 0).allowed)
        #expect(!limiter.attempt("ip", now: 0).allowed)
        limiter.refund("ip", now: 0)
        #expect(limiter.attempt("ip", now: 0).allowed)
    }
}
