import GenkanHTTP
import GenkanStore
import GenkanValidation

/// A part of the site built on `SiteServices` (each feature in `Features/`, and `SessionStart`):
/// its handlers name the services as their own (`forms`, `pool`, `failures`, …), and share the
/// flows below and in `SiteFeature+Links.swift` and `SiteFeature+OwnerProof.swift`.
protocol SiteFeature: Sendable {
    var site: SiteServices { get }
}

extension SiteFeature {
    var forms: FormPages { site.forms }
    var pool: WorkerPool<Authenticator> { site.pool }
    var failures: StoreFailures { site.failures }
    var checks: PasswordChecks { site.checks }
    var sessionLifetime: Int64 { site.sessionLifetime }
    var clock: StoreClock { site.clock }
    var texts: PageTexts { site.forms.texts }
    /// The validation rules the forms are checked and drawn with (the API checks its input with
    /// the same).
    var rules: ValidationViewModel { site.forms.renderer.rules }

    /// Store work on the interactive lane, then `next` on the loop with what it found; a store
    /// failure is refused as every one is (`StoreFailures`).
    func fromStore<T: Sendable>(
        _ request: HTTPRequest, _ context: some SiteRequestContext, _ work: @escaping @Sendable (Authenticator) throws(StoreError) -> T,
        then next: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        let failures = self.failures
        return pool.reply(.interactive, for: request, context, { core in Result { () throws(StoreError) in try work(core) } }) { found in
            switch found {
            case .success(let value): return next(value)
            case .failure(let error): return failures.refuse(error, request: request, context: context)
            }
        }
    }

    /// A session now begun for `account` (as it is after the sign-in): its cookie, the browser
    /// remembered for the account's credentials as they are now (`KnownDevices`), and the way on to
    /// `destination`, with a one-time notice if any.
    func sessionStarted(
        _ token: String, account: Account, to destination: String, notice: Notice? = nil, context: some SiteRequestContext,
        cookies: [SetCookie] = []
    ) -> Reply {
        .response(
            Responses.sessionStarted(
                token, lifetime: sessionLifetime, to: destination, context: context, notice: notice,
                cookies: [checks.rememberDevice(context, account: account)] + cookies))
    }
}
