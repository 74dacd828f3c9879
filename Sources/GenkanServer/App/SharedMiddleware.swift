import GenkanHTTP
import GenkanStore
import GenkanValidation

/// The middleware features share, configured once, and the groups they make: session look-ups,
/// CSRF checks, form validation, the rate limits (each one set of buckets, in the database but
/// for the cheap ones) and the sign-in limits (`checks`, applied inside the hashing job, since
/// failures are known only once the password was checked).
///
/// A group's type says what its handlers get: `signedIn(_:)` gives `SignedInContext`,
/// `anonymousForm(_:on:)` and `signedInForm(_:on:)` give a `FormContext` whose form is valid.
struct SharedMiddleware: Sendable {
    let optionalSession: SessionLookup
    let requiredSession: RequireSession
    /// Sign-in and re-authentication: the throttle and the security log.
    let checks: PasswordChecks
    let signUpPerClient: Limit
    /// Private sign-ups per e-mail address: each may mail the address's owner (`perEmail`).
    let signUpPerAccount: Limit
    let resetPerClient: Limit
    /// Reset and sign-in link requests per e-mail address (`perEmail`).
    let resetPerAccount: Limit
    let verifyPerClient: Limit
    /// Mails a signed-in account asks for ("send the link again", `perAccount`).
    let mailPerAccount: Limit
    /// Live validation per client: cheap work, limited in memory.
    let validationPerClient: Limit
    /// Sign-ins through an OpenID provider per client (page starts and the API's signInWithIdp):
    /// each costs a round trip to the provider, limited in memory.
    let providerSignInPerClient: Limit
    /// Passkey ceremonies per client (starts and answers), limited in memory.
    let passkeyPerClient: Limit
    /// Anonymous sign-ups through the API per client: each makes an account.
    let anonymousSignUpPerClient: Limit
    /// `--require-verified`: signed-in pages are for verified addresses only.
    let requireVerified: Bool
    /// `--require-two-factor`: signed-in pages are for accounts with a second factor, but for the
    /// pages that add one.
    let requireSecondFactor: RequireSecondFactor?
    let tokens: CSRFTokens
    let rules: ValidationViewModel
    let forms: FormPages

    init(
        pool: WorkerPool<Authenticator>, failures: StoreFailures, rules: ValidationViewModel, forms: FormPages,
        tokens: CSRFTokens, limits: RateLimits, throttle: SignInThrottle, devices: KnownDevices, security: SecurityLog,
        clock: StoreClock, requireVerified: Bool, requireTwoFactor: Bool = false
    ) {
        optionalSession = SessionLookup(pool: pool, failures: failures)
        requiredSession = RequireSession(pool: pool, failures: failures)
        self.rules = rules
        self.forms = forms
        let refusals = RefusalCache()
        checks = PasswordChecks(throttle: throttle, security: security, refusals: refusals, clock: clock, devices: devices)
        func stored(_ name: String, _ rule: LimitRule) -> Limit {
            .stored(StoredLimit(name, rule), pool: pool, failures: failures, refusals: refusals, clock: clock, security: security)
        }
        func memory(_ name: String, _ rule: LimitRule, logged: Bool = true) -> Limit {
            Limit(name: name, buckets: .memory(RateLimiter(rule: rule)), clock: clock, security: logged ? security : nil)
        }
        signUpPerClient = stored("sign-up.address", limits.signUpPerAddress)
        signUpPerAccount = stored("sign-up.email", limits.mailPerAccount)
        resetPerClient = stored("reset.address", limits.resetPerAddress)
        resetPerAccount = stored("reset.email", limits.resetPerAccount)
        verifyPerClient = stored("verify.address", limits.resetPerAddress)
        mailPerAccount = stored("mail.account", limits.mailPerAccount)
        validationPerClient = memory("validate.address", limits.validationPerAddress, logged: false)
        providerSignInPerClient = memory("idp.address", limits.providerSignInPerAddress)
        passkeyPerClient = memory("passkey.address", limits.passkeyPerAddress)
        anonymousSignUpPerClient = stored("anonymous.address", limits.anonymousSignUpPerAddress)
        self.requireVerified = requireVerified
        requireSecondFactor = requireTwoFactor ? RequireSecondFactor(pool: pool, failures: failures) : nil
        self.tokens = tokens
    }

    // MARK: Middleware for any context

    func csrf<Context: PostedRequestContext>(_ binding: CSRFBinding) -> CSRFProtection<Context> {
        CSRFProtection(binding, tokens: tokens)
    }

    /// `limit` keyed by the form's address as the store looks it up (a keyed hash of its
    /// case-folded key), known or not, so the limit reveals nothing and another spelling shares the
    /// bucket.
    func perEmail<Base, Values: EmailFormValues>(_ limit: Limit) -> RateLimit<FormContext<Base, Values>> {
        let throttle = checks.throttle
        return limit.keyed { _, context in throttle.accountKey(email: context.values.email) }
    }

    /// `limit` keyed by the signed-in account.
    func perAccount<Context: SignedInRequestContext>(_ limit: Limit) -> RateLimit<Context> {
        limit.keyed { _, context in "account:\(context.signedIn.account.uid)" }
    }

    // MARK: Groups

    /// Routes that read differently for a signed-in visitor: the session looked up, maybe none.
    func visitor(_ group: RouteGroup<SiteContext, SiteContext>) -> RouteGroup<SiteContext, SessionContext> {
        group.narrowed(by: optionalSession)
    }

    /// What every page of a signed-in account needs: a live session and, with
    /// `--require-verified`, a verified address; with `--require-two-factor`, a second factor,
    /// unless the routes are those that add one (`enrolling`).
    func signedIn(_ group: RouteGroup<SiteContext, SiteContext>, enrolling: Bool = false) -> RouteGroup<SiteContext, SignedInContext> {
        var signedIn = group.narrowed(by: requiredSession)
        if requireVerified { signedIn = signedIn.group("", RequireVerified()) }
        if let requireSecondFactor, !enrolling { signedIn = signedIn.group("", requireSecondFactor) }
        return signedIn
    }

    /// A signed-in account's posts: the form read, its token bound to the session.
    func signedInPosts(_ group: RouteGroup<SiteContext, SiteContext>, enrolling: Bool = false)
        -> RouteGroup<SiteContext, PostedContext<SignedInContext>>
    {
        signedIn(group, enrolling: enrolling).narrowed(by: FormParsing()).group("", csrf(.session))
    }

    /// The posts of `form` by a visitor without a session: its token bound to the pre-session, the
    /// form valid, its values typed `Values`.
    func anonymousForm<Values: FormValues>(_ form: FormDescription, as values: Values.Type, on group: RouteGroup<SiteContext, SiteContext>)
        -> RouteGroup<SiteContext, FormContext<SiteContext, Values>>
    {
        group.narrowed(by: FormParsing()).group("", csrf(.preSession)).validating(form, as: values, with: self)
    }

    /// The posts of a signed-in account's `form`: its token bound to the session, the form valid.
    /// A sensitive form re-authenticates in its handler (`provingOwner`), behind the sign-in limits.
    func signedInForm<Values: FormValues>(
        _ form: FormDescription, as values: Values.Type, on group: RouteGroup<SiteContext, SiteContext>, enrolling: Bool = false
    ) -> RouteGroup<SiteContext, FormContext<SignedInContext, Values>> {
        signedInPosts(group, enrolling: enrolling).validating(form, as: values, with: self)
    }
}

extension RouteGroup where Root == SiteContext {
    /// The routes of `form` (registered on the group this returns): their refusals show it again,
    /// and their handlers receive its values, valid and typed (`FormValidating`). Traps at start
    /// when the form lacks a field the values need.
    func validating<Base, Values: FormValues>(_ form: FormDescription, as values: Values.Type, with shared: SharedMiddleware)
        -> RouteGroup<SiteContext, FormContext<Base, Values>> where Context == PostedContext<Base>
    {
        precondition(
            Values.fields.isSubset(of: Set(form.kind.fields)), "\(form.route) does not have the fields of \(Values.self)")
        var attributes = self.attributes
        attributes.form = form
        return attributed(attributes).narrowed(by: FormValidating<Base, Values>(form: form, rules: shared.rules, forms: shared.forms))
    }
}
