import Synchronization

/// What the connections of this process know of each PostgreSQL server's outages: when one failed
/// to reconnect, the others answer `unavailable` at once for a second instead of each waiting for
/// its own connection attempt (up to `connect_timeout` when packets are dropped), so a request
/// during an outage gets its 503 quickly, and the server is still tried once a second, so service
/// comes back by itself.
final class PostgresOutages: Sendable {
    static let shared = PostgresOutages()

    /// How long after a failed attempt the next one may be made.
    static let retryInterval: Duration = .seconds(1)

    /// The time each server (by URL) may be tried again, while it is unreachable.
    private let retryAt = Mutex<[String: ContinuousClock.Instant]>([:])

    /// The milliseconds left before `url` may be tried again; nil when it may be tried now. While
    /// the server is known to be down, one caller at a time gets nil: it makes the next attempt,
    /// and the others fail at once until it reports (`failed` or `reached`) or `attemptLength`
    /// passes, so an outage where each attempt waits for `connect_timeout` holds one thread, not
    /// the whole pool.
    func retryDelay(for url: String, attemptLength: Duration) -> Int? {
        retryAt.withLock { table in
            guard let next = table[url] else { return nil }
            let now = ContinuousClock.now
            guard now < next else {
                table[url] = now + attemptLength
                return nil
            }
            let (seconds, attoseconds) = now.duration(to: next).components
            return Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000) + 1
        }
    }

    /// A connection to `url` could not be opened.
    func failed(_ url: String) {
        retryAt.withLock { $0[url] = ContinuousClock.now + Self.retryInterval }
    }

    /// A connection to `url` was opened: the outage, if any, is over.
    func reached(_ url: String) {
        _ = retryAt.withLock { $0.removeValue(forKey: url) }
    }
}
