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
    /// Re-authentication on a signed-in form spends the same per-account attempts as sign-in.
    let reauthenticationPerAccount: RateLimit
    let signUpPerClient: RateLimit
    /// Private sign-ups per e-mail address: each may mail the address's owner.
    let signUpPerAccount: RateLimit
    let resetPerClient: RateLimit
    let resetPerAccount: RateLimit
    let verifyPerClient: RateLimit
    /// Mails a signed-in account asks for ("send the link again").
    let mailPerAccount: RateLimit
    /// What every page of a signed-in account needs: a live session and, with
    /// `--require-verified`, a verified address.
    let signedInPages: [any Middleware]
    let tokens: CSRFTokens

    init(
        pool: WorkerPool<AccountStore>, failures: StoreFailures, rules: ValidationViewModel, forms: FormPages,
        tokens: CSRFTokens, limits: RateLimits, clock: StoreClock, requireVerified: Bool
    ) {
        optionalSession = SessionLookup(pool: pool, required: false, failures: failures)
        requiredSession = SessionLookup(pool: pool, required: true, failures: failures)
        validating = FormValidating(rules: rules, forms: forms)
        signInPerClient = .byClientAddress(RateLimiter(rule: limits.signInPerAddress), clock: clock)
        // Keyed by the address as the store looks it up (its case-folded key), known or not, so the
        // limit reveals nothing and another spelling of the address shares the bucket.
        let signInAccounts = RateLimiter(rule: limits.signInPerAccount)
        reauthenticationPerAccount = RateLimit(
            limiter: signInAccounts, key: { _, context in context.signedIn.map { AccountStore.emailKey($0.account.email) } },
            clock: clock)
        signInPerAccount = RateLimit(
            limiter: signInAccounts, key: { _, context in context.validation?.normalizedEmail.map(AccountStore.emailKey) },
            clock: clock)
        signUpPerClient = .byClientAddress(RateLimiter(rule: limits.signUpPerAddress), clock: clock)
        signUpPerAccount = RateLimit(
            limiter: RateLimiter(rule: limits.mailPerAccount), key: { _, context in context.validation?.normalizedEmail.map(AccountStore.emailKey) },
            clock: clock)
        resetPerClient = .byClientAddress(RateLimiter(rule: limits.resetPerAddress), clock: clock)
        resetPerAccount = RateLimit(
            limiter: RateLimiter(rule: limits.resetPerAccount), key: { _, context in context.validation?.normalizedEmail.map(AccountStore.emailKey) },
            clock: clock)
        verifyPerClient = .byClientAddress(RateLimiter(rule: limits.resetPerAddress), clock: clock)
        mailPerAccount = RateLimit(
            limiter: RateLimiter(rule: limits.mailPerAccount), key: { _, context in context.signedIn.map { "account:\($0.account.id)" } },
            clock: clock)
        signedInPages = requireVerified ? [requiredSession, RequireVerified()] : [requiredSession]
        self.tokens = tokens
    }

    /// A signed-in form that re-authenticates: its token, its validation, and the sign-in limits
    /// (per client, then per account), before the current password is checked.
    var sensitivePost: [any Middleware] {
        [FormParsing(), csrf(.session), validating, signInPerClient, reauthenticationPerAccount]
    }

    func csrf(_ binding: CSRFBinding) -> CSRFProtection {
        CSRFProtection(binding, tokens: tokens)
    }
}
