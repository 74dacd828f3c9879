import GenkanStore
import GenkanValidation

/// `/account/password`: the current password (checked as sign-in checks it, with its limits),
/// then a new one; every other session ends, this one is replaced by a new one, and a notice
/// goes by mail.
struct PasswordSettings: Sendable {
    let forms: FormPages
    let pool: WorkerPool<AccountStore>
    let authenticator: Authenticator
    let failures: StoreFailures
    let sessionLifetime: Int64
    let checks: PasswordChecks

    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", shared.signedInPages).get(.accountPassword, form: .passwordChange, use: show)
        router.group("", shared.signedInPages + shared.sensitivePost).post(.accountPassword, form: .passwordChange, use: change)
    }

    func show(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        forms.sensitive(.passwordChange, request: request, context: context, pool: pool, failures: failures)
    }

    func change(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let signedIn = context.signedIn, let new = context.validation?.preparedPassword else {
            return context.refuse(.status(.internalError), request)
        }
        let posted = context.formData
        let locale = context.locale, authenticator = self.authenticator
        // The sign-in limits count passwords; a passkey's answer is checked as a sign-in with one is.
        if OwnerProofField.passkey(in: context.formData) == nil,
            let refused = checks.knownRefusal(email: signedIn.account.email, request, context)
        {
            return refused
        }
        let checks = self.checks, client = PasswordChecks.Client(context), userAgent = request.headers["user-agent"]
        return pool.hashing(request, context, { store in
            checks.proving(signedIn, form: posted, client: client, authenticator: authenticator, in: store) { proven in
                authenticator.changePassword(
                    proven.requester, newPassword: new, locale: locale, renewal: .session(userAgent: userAgent), in: store)
            }
        }) { [self] result in
            switch result {
            case .success(let changed):
                guard let token = changed.sessionToken else { return context.refuse(.status(.internalError), request) }
                return .response(
                    Responses.sessionStarted(
                        token, lifetime: sessionLifetime, to: SitePath.account.path, context: context, notice: .passwordChanged,
                        cookies: [checks.rememberDevice(context, email: changed.account.email)]))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return forms.reauthenticationFailed(.passwordChange, failure, request: request, context: context)
            }
        }
    }
}
