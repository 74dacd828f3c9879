import GenkanStore

/// Spends one attempt of `limiter` for the key the route chooses, or refuses with 429 and
/// `Retry-After`. A nil key (an address that is not valid, so no password will be checked)
/// spends nothing. Limits chain: a refused request never reaches, so never spends, the next.
struct RateLimit: Middleware {
    let limiter: RateLimiter
    let key: @Sendable (HTTPRequest, RequestContext) -> String?
    let clock: StoreClock

    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        guard let key = key(request, context) else { return next(request, context) }
        let decision = limiter.attempt(key, now: Double(clock.now()))
        guard decision.allowed else { return context.refuse(.tooManyRequests(retryAfter: decision.retryAfter), request) }
        return next(request, context)
    }
}

extension RateLimit {
    /// By the client's address.
    static func byClientAddress(_ limiter: RateLimiter, clock: StoreClock) -> RateLimit {
        RateLimit(limiter: limiter, key: { _, context in context.clientAddress }, clock: clock)
    }
}
