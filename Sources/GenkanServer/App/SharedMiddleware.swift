import GenkanHTTP
import GenkanStore
import GenkanValidation

/// The middleware instances features share, configured once: session look-ups, CSRF checks,
/// form validation, the rate limits (each one set of buckets, in the database but for live
/// validation's) and the sign-in limits (`checks`, applied inside the hashing job, since failures
/// are known only once the password was checked).
struct SharedMiddleware: Sendable {
    let optionalSession: SessionLookup
    let requiredSession: SessionLookup
    let validating: FormValidating
    /// Sign-in and re-authentication: the throttle and the security log.
    let checks: PasswordChecks
    let signUpPerClient: RateLimit
    /// Private sign-ups per e-mail address: each may mail the address's owner.
    let signUpPerAccount: RateLimit
    let resetPerClient: RateLimit
    let resetPerAccount: RateLimit
    let verifyPerClient: RateLimit
    /// Mails a signed-in account asks for ("send the link again").
    let mailPerAccount: RateLimit
    /// Live validation per client: cheap work, limited in memory.
    let validationPerClient: RateLimit
    /// Sign-ins through an OpenID provider per client (page starts and the API's signInWithIdp):
    /// each costs a round trip to the provider, limited in memory.
    let providerSignInPerClient: RateLimit
    /// Passkey ceremonies per client (starts and answers), limited in memory.
    let passkeyPerClient: RateLimit
    /// Anonymous sign-ups through the API per client: each makes an account.
    let anonymousSignUpPerClient: RateLimit
    /// What every page of a signed-in account needs: a live session and, with
    /// `--require-verified`, a verified address.
    let signedInPages: [any Middleware<SiteContext, SiteContext>]
    let tokens: CSRFTokens

    init(
        pool: WorkerPool<AccountStore>, failures: StoreFailures, rules: ValidationViewModel, forms: FormPages,
        tokens: CSRFTokens, limits: RateLimits, throttle: SignInThrottle, devices: KnownDevices, security: SecurityLog,
        clock: StoreClock, requireVerified: Bool
    ) {
        optionalSession = SessionLookup(pool: pool, required: false, failures: failures)
        requiredSession = SessionLookup(pool: pool, required: true, failures: failures)
        validating = FormValidating(rules: rules, forms: forms)
        let refusals = RefusalCache()
        checks = PasswordChecks(throttle: throttle, security: security, refusals: refusals, clock: clock, devices: devices)
        func perClient(_ name: String, _ rule: LimitRule) -> RateLimit {
            .byClient(StoredLimit(name, rule), pool: pool, failures: failures, refusals: refusals, clock: clock, security: security)
        }
        // Keyed by the address as the store looks it up (a keyed hash of its case-folded key),
        // known or not, so the limit reveals nothing and another spelling shares the bucket.
        func perEmail(_ name: String, _ rule: LimitRule) -> RateLimit {
            RateLimit(
                name: name, buckets: .stored(StoredLimit(name, rule), pool, failures, refusals),
                key: { _, context in context.validation?.normalizedEmail.map(throttle.accountKey(email:)) }, clock: clock,
                security: security)
        }
        signUpPerClient = perClient("sign-up.address", limits.signUpPerAddress)
        signUpPerAccount = perEmail("sign-up.email", limits.mailPerAccount)
        resetPerClient = perClient("reset.address", limits.resetPerAddress)
        resetPerAccount = perEmail("reset.email", limits.resetPerAccount)
        verifyPerClient = perClient("verify.address", limits.resetPerAddress)
        mailPerAccount = RateLimit(
            name: "mail.account", buckets: .stored(StoredLimit("mail.account", limits.mailPerAccount), pool, failures, refusals),
            key: { _, context in context.signedIn.map { "account:\($0.account.uid)" } }, clock: clock, security: security)
        validationPerClient = RateLimit(
            name: "validate.address", buckets: .memory(RateLimiter(rule: limits.validationPerAddress)),
            key: { _, context in context.clientKey }, clock: clock, security: nil)
        providerSignInPerClient = RateLimit(
            name: "idp.address", buckets: .memory(RateLimiter(rule: limits.providerSignInPerAddress)),
            key: { _, context in context.clientKey }, clock: clock, security: security)
        passkeyPerClient = RateLimit(
            name: "passkey.address", buckets: .memory(RateLimiter(rule: limits.passkeyPerAddress)),
            key: { _, context in context.clientKey }, clock: clock, security: security)
        anonymousSignUpPerClient = perClient("anonymous.address", limits.anonymousSignUpPerAddress)
        signedInPages = requireVerified ? [requiredSession, RequireVerified()] : [requiredSession]
        self.tokens = tokens
    }

    /// A signed-in form that re-authenticates: its token and its validation. The sign-in limits
    /// apply around the password check itself (`checks.reauthentication`), per client address,
    /// per address on the account and per account, counted with sign-in's.
    var sensitivePost: [any Middleware<SiteContext, SiteContext>] {
        [FormParsing(), csrf(.session), validating]
    }

    func csrf(_ binding: CSRFBinding) -> CSRFProtection {
        CSRFProtection(binding, tokens: tokens)
    }
}
