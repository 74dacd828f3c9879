import GenkanHTTP
import GenkanStore

/// Every check of a password behind the sign-in limits (`SignInThrottle`), with its line in the
/// security log: sign-in, and the re-authentication of a signed-in form. A feature calls it
/// inside its hashing job, around the `Authenticator` call; the Firebase REST API's
/// `signInWithPassword` does the same.
///
/// ```swift
/// pool.hashing(request, context, { core in
///     checks.signIn(email: email, client: client, in: core) {
///         core.signIn(email: email, password: password)
///     }
/// }) { result in … }
/// ```
struct PasswordChecks: Sendable {
    let throttle: SignInThrottle
    let security: SecurityLog
    /// Refusals of a client (and of a client on an account) already decided: answered on the loop
    /// until they end, and logged once.
    let refusals: RefusalCache
    let clock: StoreClock
    /// The browsers accounts signed in from before.
    let devices: KnownDevices
    /// How often sign-ins for one address, and from one client, may go to the front of the
    /// hashing queue. Per account and per client, not per device: anyone can mint device ids for
    /// accounts of their own, one per sign-in, and would otherwise fill the front of the queue.
    let priorityPerAccount = RateLimiter(rule: LimitRule(capacity: 10, refillPerMinute: 10))
    let priorityPerClient = RateLimiter(rule: LimitRule(capacity: 10, refillPerMinute: 10))

    /// This browser's device cookie entry for `email`, when it was made here for that address
    /// (its MAC, checked on the loop; whether it is still the account's current one is the sign-in
    /// job's to check, `signIn(…device:…)`).
    func knownDevice(_ context: some SiteRequestContext, email: String) -> KnownDevice? {
        devices.device(in: context.cookie(.device), accountKey: throttle.accountKey(email: email))
    }

    /// Whether a sign-in from a known browser goes to the front of the hashing queue.
    func hasPriority(_ device: KnownDevice?, email: String, client: Client) -> Bool {
        guard device != nil else { return false }
        let now = Double(clock.now())
        return priorityPerClient.attempt(client.key, now: now).allowed
            && priorityPerAccount.attempt(throttle.accountKey(email: email), now: now).allowed
    }

    /// The device cookie after `account` signed in (or signed up, or set a new password) in this
    /// browser, bound to its credentials as they are now: this account first, up to
    /// `KnownDevices.maximumEntries`.
    func rememberDevice(_ context: some SiteRequestContext, account: Account) -> SetCookie {
        let value = devices.cookie(adding: account, accountKey: throttle.accountKey(email: account.email), to: context.cookie(.device))
        return context.setCookie(.device, value, maxAge: KnownDevices.lifetime)
    }

    /// Who is asking: the request's client (its limit key and its address for the log).
    struct Client: Sendable {
        let key: String
        let address: String

        init(_ context: some SiteRequestContext) {
            key = context.clientKey
            address = context.clientAddress
        }
    }

    /// The refusal of a check of `email`'s password by this request's client, when one is already
    /// known: the reply to give at once, on the loop. Nil means the check goes to the pool.
    func knownRefusal(email: String, _ request: HTTPRequest, _ context: some SiteRequestContext) -> Reply? {
        let now = clock.now(), client = Client(context)
        if let seconds = refusals.retryAfter(addressKey(client), now: now) ?? refusals.retryAfter(pairKey(email, client), now: now) {
            return context.refuse(.tooManyRequests(retryAfter: seconds), request)
        }
        return nil
    }

    /// A sign-in with `email` (normalized, known or not), from a browser the account signed in
    /// from before when `device` names its entry and the account's credentials have not changed
    /// since (checked here, on the account as it is now).
    func signIn<T>(
        email: String, client: Client, device: KnownDevice? = nil, in core: Authenticator, _ check: () -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        let current = device.flatMap { device in
            (try? core.account(email: email)).flatMap { account in devices.isCurrent(device, for: account) ? device : nil }
        }
        let result = throttle.guarded(
            SignInAttempt(client: client.key, email: email, knownDevice: current?.id, epoch: current?.epoch), in: core, check)
        record(.signIn, result, email: email, client: client)
        return result
    }

    /// A signed-in form's current password, counted against the account as sign-in counts it,
    /// but as a known browser's (its session stands for it): strangers' guessing, which can lock
    /// the account against new browsers, never holds the owner's own signed-in browser on its forms.
    func reauthentication<T>(_ signedIn: SignedIn, client: Client, in core: Authenticator, _ check: () -> Result<T, AuthFailure>)
        -> Result<T, AuthFailure>
    {
        let email = signedIn.account.email
        let browser = Secret.base64URL(Array(AccountStore.sessionKey(token: signedIn.token).prefix(16)))
        let result = throttle.guarded(
            SignInAttempt(client: client.key, email: email, knownDevice: browser), in: core, check)
        record(.reauthentication, result, email: email, client: client)
        return result
    }

    /// Logs the outcome; a refusal that will end by itself is remembered, and logged only when it
    /// is new. A locked account is not remembered: a reset may open it any moment. Nor is a known
    /// device's: it holds that browser only, which the client's address does not name.
    private func record<T>(_ check: SecurityLog.Check, _ result: Result<T, AuthFailure>, email: String, client: Client) {
        if case .failure(.throttled(let refusal)) = result, let seconds = refusal.retryAfter {
            let key: String
            switch refusal {
            case .address: key = addressKey(client)
            case .addressOnAccount, .accountLocked: key = pairKey(email, client)
            case .knownDevice: key = ""
            }
            guard key.isEmpty || refusals.remember(key, for: seconds, now: clock.now()) else { return }
        }
        security.password(check, result, email: email, client: client.address)
    }

    private func addressKey(_ client: Client) -> String { "sign-in.address " + client.key }

    private func pairKey(_ email: String, _ client: Client) -> String {
        "sign-in.address-account " + throttle.accountKey(email: email) + " " + client.key
    }
}

extension SiteRefusal {
    /// How a refusal of the sign-in limits reads: wait, or reset the password.
    init(_ refusal: SignInRefusal) {
        self = refusal.retryAfter.map { .tooManyRequests(retryAfter: $0) } ?? .accountLocked
    }
}

extension WorkerPool where Resource == Authenticator {
    /// Hashing work for `request`, queued fairly with its client's other hashing work (by its
    /// `clientKey`). When it cannot wait its turn — its client's queue is full, or it waited
    /// `maximumWait` — the answer is 503 with `Retry-After` in the route's form (page or JSON),
    /// a reply the middleware sees: a limit that counted the request gives its attempt back.
    func hashing<T: Sendable>(
        _ request: HTTPRequest, _ context: some SiteRequestContext, priority: Bool = false, _ work: @escaping @Sendable (Resource) -> T,
        then next: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        let lane: Lane = priority ? .priorityHashing(for: context.clientKey) : .hashing(for: context.clientKey)
        let origin = context.eventOrigin(request)
        let job: @Sendable (Authenticator) -> T = { core in
            core.origin = origin
            return work(core)
        }
        return reply(lane, job, then: next) { retryAfter in
            context.refuse(.overloaded(retryAfter: retryAfter), request)
        }
    }
}
