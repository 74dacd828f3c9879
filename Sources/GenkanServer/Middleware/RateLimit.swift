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
/// A `Limit` (buckets, name, log) is one value shared by every route that spends from it, whatever
/// its context: a page and an API call that put the same limit in their groups, each with its own
/// way to find the key, spend from one set of buckets.
struct RateLimit<Context: SiteRequestContext>: Middleware {
    let limit: Limit
    let key: @Sendable (HTTPRequest, Context) -> String?

    func handle(_ request: HTTPRequest, context: Context, next: @escaping RouteHandler<Context>) -> Reply {
        guard let key = key(request, context) else { return next(request, context) }
        let clock = limit.clock
        switch limit.buckets {
        case .memory(let limiter):
            let decision = limiter.attempt(key, now: Double(clock.now()))
            guard decision.allowed else { return refuse(decision, request, context, log: true) }
            return next(request, context).map { response in
                if response.status == 503 { limiter.refund(key, now: Double(clock.now())) }
                return response
            }
        case .stored(let stored, let pool, let failures, let refusals):
            let known = stored.name + " " + key
            if let seconds = refusals.retryAfter(known, now: clock.now()) {
                return context.refuse(.tooManyRequests(retryAfter: seconds), request)
            }
            return pool.reply(.interactive, { core in
                Result { () throws(StoreError) in try core.spendLimit(stored, key: key) }
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
                            _ = pool.submit(.interactive) { core in try? core.refundLimit(stored, key: key) }
                        }
                        return response
                    }
                }
            }
        }
    }

    private func refuse(_ decision: LimitDecision, _ request: HTTPRequest, _ context: Context, log: Bool) -> Reply {
        if log { limit.security?.limitRefused(limit.name, client: context.clientAddress, retryAfter: decision.retryAfter) }
        return context.refuse(.tooManyRequests(retryAfter: decision.retryAfter), request)
    }
}
