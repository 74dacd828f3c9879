import GenkanStore
import GenkanValidation

/// Signing in after sign-in or sign-up: the password work on the hashing lane (queued fairly by
/// client, 503 when it cannot wait its turn), then a fresh session (a new id at every sign-in,
/// against session fixation) and the way on.
struct SessionStart: Sendable {
    let pool: WorkerPool<AccountStore>
    let forms: FormPages
    let failures: StoreFailures
    let sessionLifetime: Int64
    /// Remembers the browser for the account that signed in (`KnownDevices`).
    let checks: PasswordChecks

    /// Runs `authenticate`; when it yields an account, the visitor's session is replaced by a
    /// new one and the browser goes to `destination`. A failure shows `form` again with `values`;
    /// a refusal of the sign-in limits is 429 (wait) or the locked account's message.
    func start(
        _ form: FormDescription, request: HTTPRequest, context: RequestContext, values: [FormField: String],
        destination: String, priority: Bool = false, authenticate: @escaping @Sendable (AccountStore) -> Result<Account, AuthFailure>
    ) -> Reply {
        let previous = context.sessionToken
        let userAgent = request.headers["user-agent"]
        return pool.hashing(request, context, priority: priority, { store -> Result<(token: String, email: String), AuthFailure> in
            switch authenticate(store) {
            case .failure(let failure): return .failure(failure)
            case .success(let account):
                do throws(StoreError) {
                    if let previous { try store.deleteSession(token: previous) }
                    return .success((try store.createSession(accountID: account.id, userAgent: userAgent).token, account.email))
                } catch {
                    return .failure(.internalError(error))
                }
            }
        }) { [self] outcome in
            switch outcome {
            case .success(let started):
                return .response(
                    Responses.sessionStarted(
                        started.token, lifetime: sessionLifetime, to: destination, context: context,
                        cookies: [checks.rememberDevice(context, email: started.email)]))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(.throttled(let refusal)):
                return context.refuse(Refusal(refusal), request)
            case .failure(let failure):
                return .response(
                    forms.page(
                        form, context: context, status: 422, values: values,
                        errors: [forms.error(failure.code, field: failure.field, locale: context.locale)],
                        hidden: form.keptHidden(context.formData)))
            }
        }
    }
}
