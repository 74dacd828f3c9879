import GenkanHTTP
import GenkanStore

/// A limit's buckets, its name and where its refusals are logged: what `RateLimit` spends from.
struct Limit: Sendable {
    enum Buckets: Sendable {
        /// In memory, decided on the loop: for limits that only protect the server's time (live
        /// validation); a restart forgets them.
        case memory(RateLimiter)
        /// In the database (`rate_limits`), spent on the pool's interactive lane: a restart keeps
        /// them and every server on the file shares them.
        case stored(StoredLimit, WorkerPool<Authenticator>, StoreFailures, RefusalCache)
    }

    /// The limit's name in the security log (a stored limit's name in `rate_limits`).
    let name: String
    let buckets: Buckets
    let clock: StoreClock
    /// Where refusals are logged; nil for a limit whose refusals are not security events (live
    /// validation: a line per keystroke would drown the log).
    let security: SecurityLog?

    /// This limit for the routes of a group, spending for the key `key` finds in a request (nil:
    /// nothing to spend, the request goes on).
    func keyed<Context: SiteRequestContext>(by key: @escaping @Sendable (HTTPRequest, Context) -> String?) -> RateLimit<Context> {
        RateLimit(limit: self, key: key)
    }

    /// This limit, spent per client address (its `clientKey`).
    func perClient<Context: SiteRequestContext>() -> RateLimit<Context> {
        keyed { _, context in context.clientKey }
    }

    /// A limit in the database.
    static func stored(
        _ limit: StoredLimit, pool: WorkerPool<Authenticator>, failures: StoreFailures, refusals: RefusalCache, clock: StoreClock,
        security: SecurityLog
    ) -> Limit {
        Limit(name: limit.name, buckets: .stored(limit, pool, failures, refusals), clock: clock, security: security)
    }
}
