import GenkanStore
import GenkanValidation

/// The middleware instances features share, configured once: session look-ups, CSRF checks,
/// form validation and the rate limits (each limiter is one set of buckets for every loop).
struct SharedMiddleware: Sendable {
    let optionalSession: SessionLookup
    let requiredSession: SessionLookup
    let validating: FormValidating
    let signInPerClient: RateLimit
    let signInPerAccount: RateLimit
    let signUpPerClient: RateLimit
    let tokens: CSRFTokens

    init(
        pool: WorkerPool<AccountStore>, failures: StoreFailures, rules: ValidationViewModel, forms: FormPages,
        tokens: CSRFTokens, limits: RateLimits, clock: StoreClock
    ) {
        optionalSession = SessionLookup(pool: pool, required: false, failures: failures)
        requiredSession = SessionLookup(pool: pool, required: true, failures: failures)
        validating = FormValidating(rules: rules, forms: forms)
        signInPerClient = .byClientAddress(RateLimiter(rule: limits.signInPerAddress), clock: clock)
        // Keyed by the address as the store looks it up, known or not, so the limit reveals nothing.
        signInPerAccount = RateLimit(
            limiter: RateLimiter(rule: limits.signInPerAccount), key: { _, context in context.validation?.normalizedEmail },
            clock: clock)
        signUpPerClient = .byClientAddress(RateLimiter(rule: limits.signUpPerAddress), clock: clock)
        self.tokens = tokens
    }

    func csrf(_ binding: CSRFBinding) -> CSRFProtection {
        CSRFProtection(binding, tokens: tokens)
    }
}
