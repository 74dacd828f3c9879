import GenkanHTTP
import GenkanStore

/// Spends one attempt of a limit for the key the route chooses, or refuses with 429 and
/// `Retry-After` (and a `limit.refused` line in the security log, once per refusal: a stored
/// limit's refusal is remembered in a `RefusalCache` and answered on the loop until it ends). When
/// the work it let through
/// never ran — the answer is 503, the hashing queue could not take it or keep it — the attempt is
/// given back. A nil key (an address that is not valid, so no work will be done) spends nothing.
/// Limits chain: a refused request never reaches, so never spends, the next.
///
/// Another feature (an API) reuses a limit by putting the same `RateLimit` value in its group:
/// both routes then spend from one set of buckets.
struct RateLimit: Middleware {
    enum Buckets: Sendable {
        /// In memory, decided on the loop: for limits that only protect the server's time (live
        /// validation); a restart forgets them.
        case memory(RateLimiter)
        /// In the database (`rate_limits`), spent on the pool's interactive lane: a restart keeps
        /// them and every server on the file shares them.
        case stored(StoredLimit, WorkerPool<AccountStore>, StoreFailures, RefusalCache)
    }

    /// The limit's name in the security log (a stored limit's name in `rate_limits`).
    let name: String
    let buckets: Buckets
    let key: @Sendable (HTTPRequest, SiteContext) -> String?
    let clock: StoreClock
    /// Where refusals are logged; nil for a limit whose refusals are not security events (live
    /// validation: a line per keystroke would drown the log).
    let security: SecurityLog?

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SiteContext>) -> Reply {
        guard let key = key(request, context) else { return next(request, context) }
        switch buckets {
        case .memory(let limiter):
            let decision = limiter.attempt(key, now: Double(clock.now()))
            guard decision.allowed else { return refuse(decision, request, context, log: true) }
            return next(request, context).map { response in
                if response.status == 503 { limiter.refund(key, now: Double(clock.now())) }
                return response
            }
        case .stored(let limit, let pool, let failures, let refusals):
            let known = limit.name + " " + key
            if let seconds = refusals.retryAfter(known, now: clock.now()) {
                return context.refuse(.tooManyRequests(retryAfter: seconds), request)
            }
            return pool.reply(.interactive, { store in
                Result { () throws(StoreError) in try store.spendLimit(limit, key: key) }
            }) { spent in
                switch spent {
                case .failure(let error): return failures.refuse(error, request: request, context: context)
                case .success(let decision) where !decision.allowed:
                    let new = refusals.remember(known, for: decision.retryAfter, now: clock.now())
                    return refuse(decision, request, context, log: new)
                case .success:
                    return next(request, context).map { response in
                        if response.status == 503 {
                            refusals.forget(known)
                            _ = pool.submit(.interactive) { store in try? store.refundLimit(limit, key: key) }
                        }
                        return response
                    }
                }
            }
        }
    }

    private func refuse(_ decision: LimitDecision, _ request: HTTPRequest, _ context: SiteContext, log: Bool) -> Reply {
        if log { security?.limitRefused(name, client: context.clientAddress, retryAfter: decision.retryAfter) }
        return context.refuse(.tooManyRequests(retryAfter: decision.retryAfter), request)
    }
}

extension RateLimit {
    /// This limit — its buckets, name, refusal cache and log — with another way to find the key:
    /// a route that reads its keys elsewhere (the Firebase API, from a JSON body) spends from the
    /// same buckets as the pages that use this one.
    func keyed(by key: @escaping @Sendable (HTTPRequest, SiteContext) -> String?) -> RateLimit {
        RateLimit(name: name, buckets: buckets, key: key, clock: clock, security: security)
    }

    /// A limit in the database, by the client's address (its `clientKey`).
    static func byClient(
        _ limit: StoredLimit, pool: WorkerPool<AccountStore>, failures: StoreFailures, refusals: RefusalCache, clock: StoreClock,
        security: SecurityLog
    ) -> RateLimit {
        RateLimit(
            name: limit.name, buckets: .stored(limit, pool, failures, refusals), key: { _, context in context.clientKey },
            clock: clock, security: security)
    }
}
