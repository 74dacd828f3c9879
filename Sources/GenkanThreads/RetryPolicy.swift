/// When a background sender (the mail outbox, the webhook queue) tries again, and when it stops
/// trying.
///
/// The delay before attempt n + 1 (after n failures) is drawn uniformly from [d/2, d] where
/// d = min(`maximumDelay`, `initialDelay` × 2^(n−1)): exponential backoff with "equal jitter",
/// so messages that failed together (a server outage) do not all come back at once, and no
/// retry comes sooner than half its step.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; after the last failure the message is given up.
    public var maximumAttempts: Int
    public var initialDelay: Duration
    public var maximumDelay: Duration

    /// Defaults: 10 attempts over about 17 hours at most (1 min, 2, 4, … capped at 4 h).
    public init(maximumAttempts: Int = 10, initialDelay: Duration = .seconds(60), maximumDelay: Duration = .seconds(4 * 3600)) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.maximumDelay = max(initialDelay, maximumDelay)
    }

    /// The step d before the attempt that follows `failures` failures (no jitter).
    public func step(afterFailures failures: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, failures) {
            delay *= 2
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }

    /// The jittered delay before the attempt that follows `failures` failures, in [d/2, d].
    public func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let step = step(afterFailures: failures)
        return step / 2 + step / 2 * Double.random(in: 0...1, using: &generator)
    }
}
