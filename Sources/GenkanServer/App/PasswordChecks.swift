import GenkanStore

/// Every check of a password behind the sign-in limits (`SignInThrottle`), with its line in the
/// security log: sign-in, and the re-authentication of a signed-in form. A feature calls it
/// inside its hashing job, around the `Authenticator` call; the Firebase REST API's
/// `signInWithPassword` does the same.
///
/// ```swift
/// pool.hashing(request, context, { store in
///     checks.signIn(email: email, client: client, in: store) {
///         authenticator.signIn(email: email, password: password, in: store)
///     }
/// }) { result in … }
/// ```
struct PasswordChecks: Sendable {
    let throttle: SignInThrottle
    let security: SecurityLog

    /// Who is asking: the request's client (its limit key and its address for the log).
    struct Client: Sendable {
        let key: String
        let address: String

        init(_ context: RequestContext) {
            key = context.clientKey
            address = context.clientAddress
        }
    }

    /// A sign-in with `email` (normalized, known or not).
    func signIn<T>(email: String, client: Client, in store: AccountStore, _ check: () -> Result<T, AuthFailure>)
        -> Result<T, AuthFailure>
    {
        let result = throttle.guarded(SignInAttempt(client: client.key, email: email), in: store, check)
        security.password(.signIn, result, email: email, client: client.address)
        return result
    }

    /// A signed-in form's current password, counted against the account as sign-in counts it.
    func reauthentication<T>(_ signedIn: SignedIn, client: Client, in store: AccountStore, _ check: () -> Result<T, AuthFailure>)
        -> Result<T, AuthFailure>
    {
        let email = signedIn.account.email
        let result = throttle.guarded(SignInAttempt(client: client.key, email: email), in: store, check)
        security.password(.reauthentication, result, email: email, client: client.address)
        return result
    }
}

extension Refusal {
    /// How a refusal of the sign-in limits reads: wait, or reset the password.
    init(_ refusal: SignInRefusal) {
        self = refusal.retryAfter.map { .tooManyRequests(retryAfter: $0) } ?? .accountLocked
    }
}

extension WorkerPool {
    /// Hashing work for `request`, queued fairly with its client's other hashing work (by its
    /// `clientKey`). When it cannot wait its turn — its client's queue is full, or it waited
    /// `maximumWait` — the answer is 503 with `Retry-After` in the route's form (page or JSON),
    /// a reply the middleware sees: a limit that counted the request gives its attempt back.
    func hashing<T: Sendable>(
        _ request: HTTPRequest, _ context: RequestContext, _ work: @escaping @Sendable (Resource) -> T,
        then next: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        reply(.hashing(for: context.clientKey), work, then: next) { retryAfter in
            context.refuse(.overloaded(retryAfter: retryAfter), request)
        }
    }
}
