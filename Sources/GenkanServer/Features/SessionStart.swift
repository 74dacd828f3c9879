import GenkanHTTP
import GenkanStore
import GenkanValidation

/// Signing in after sign-in or sign-up: the password work on the hashing lane (queued fairly by
/// client, 503 when it cannot wait its turn), then a fresh session (a new id at every sign-in,
/// against session fixation) and the way on — or, for an account with a second factor, its
/// second step (`SignInSecondStep`) and no session yet.
struct SessionStart: SiteFeature {
    let site: SiteServices

    /// Runs `authenticate`; when it yields an account, the visitor's session is replaced by a
    /// new one and the browser goes to `destination` (after the second step, for an account that
    /// has one). A failure shows `form` again with `values`;
    /// a refusal of the sign-in limits is 429 (wait) or the locked account's message.
    func start(
        _ form: FormDescription, request: HTTPRequest, context: some PostedRequestContext, values: [FormField: String],
        destination: String, priority: Bool = false, method: String = "password",
        authenticate: @escaping @Sendable (Authenticator) -> Result<Account, AuthFailure>
    ) -> Reply {
        let previous = context.sessionToken, binding = context.anonymousBinding
        let userAgent = request.headers["user-agent"]
        return pool.hashing(request, context, priority: priority, { core in
            authenticate(core).flatMap { account in
                core.startSignIn(
                    for: account, firstFactor: method, replacing: previous, binding: binding, userAgent: userAgent, returnTo: destination)
            }
        }) { [self] outcome in
            switch outcome {
            case .success(let start):
                return signInStarted(start, to: destination, context: context)
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(.throttled(let refusal)):
                return context.refuse(SiteRefusal(refusal), request)
            case .failure(let failure):
                return .response(
                    forms.page(
                        form, context: context, status: 422, values: values,
                        errors: [forms.error(failure, locale: context.locale)],
                        hidden: form.keptHidden(context.formData)))
            }
        }
    }

    /// A new session for `account` in place of the browser's `previous` one, by the core
    /// (`Authenticator.startSession`: a new id at every sign-in, the sign-in recorded).
    static func replace(
        _ previous: String?, with account: Account, userAgent: String?, method: String = "password", secondFactorProven: Bool = false,
        in core: Authenticator
    ) -> Result<StartedSession, AuthFailure> {
        core.startSession(for: account, replacing: previous, userAgent: userAgent, method: method, secondFactorProven: secondFactorProven)
    }
}
