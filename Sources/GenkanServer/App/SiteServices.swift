import GenkanHTTP
import GenkanStore

/// What the site's features share, built once by `GenkanApp`: the pages, the store's worker
/// pool, the account operations, how a store failure is answered, the sign-in limits, how long
/// a session lasts and the clock. A feature holds it (`SiteFeature`) beside what only it uses; the Firebase API
/// holds the same one, so a page and an API call spend from the same limits.
///
/// A struct of references: copying it (into a feature, or a closure that captures one) copies
/// pointers, and a feature reads a member as it read its own stored property.
struct SiteServices: Sendable {
    let forms: FormPages
    let pool: WorkerPool<Authenticator>
    /// Store failures: 503 while the database cannot be reached, else 500, and the operator's line.
    let failures: StoreFailures
    /// The sign-in limits around every password check, with the browsers accounts signed in from.
    let checks: PasswordChecks
    /// How long a session started by a sign-in, a reset or a password change lasts, in seconds.
    let sessionLifetime: Int64
    /// The time codes, tokens and pending requests are dated by (fixed in tests).
    let clock: StoreClock
}
