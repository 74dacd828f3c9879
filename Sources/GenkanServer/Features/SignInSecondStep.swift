import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/signin/two-factor`: the second step of a sign-in whose first factor (a password, a
/// provider, a mailed link) was right, for an account with an authenticator app. One field takes
/// the app's 6-digit code or a recovery code.
///
/// Until the code is right there is no session: the browser holds only the step's token in a
/// cookie (`genkan_2fa`), which works with its own pre-session for five minutes. Wrong codes are
/// limited by the core (five per step, then the sign-in starts again; ten checks each 15 minutes
/// per account, after which the page says so and the owner is mailed). A user-verified passkey
/// is two factors already and never comes here; a remembered browser does.
struct SignInSecondStep: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.visitor(router.group()).get(.signInSecondStep, form: .secondStep, use: show)
        shared.anonymousForm(.secondStep, as: CodeValues.self, on: router.group()).post(.signInSecondStep, use: submit)
    }

    func show(_ request: HTTPRequest, _ context: SessionContext) -> Reply {
        if context.signedIn != nil { return .response(Responses.redirect(.account, context: context)) }
        guard context.cookie(.secondStep) != nil else { return .response(Responses.redirect(.signIn, context: context)) }
        return .response(forms.blank(.secondStep, context: context))
    }

    func submit(_ request: HTTPRequest, _ context: FormContext<SiteContext, CodeValues>) -> Reply {
        guard let token = context.cookie(.secondStep), Secret.isTokenShaped(token) else { return ended(context) }
        let code = context.values.code, binding = context.anonymousBinding, locale = context.locale
        let previous = context.sessionToken, userAgent = request.headers["user-agent"]
        return pool.reply(.interactive, for: request, context, { core in
            core.finishSecondStep(token: token, binding: binding, code: code, locale: locale).flatMap { done in
                core.startSession(
                    for: done.account, replacing: previous, userAgent: userAgent, method: done.step.firstFactor, secondFactorProven: true
                ).map {
                    (started: $0, returnTo: done.step.returnTo)
                }
            }
        }) { [self] result in
            switch result {
            case .success(let done):
                return sessionStarted(
                    done.started.token, account: done.started.account, to: done.returnTo ?? SitePath.account.path, context: context,
                    cookies: [context.deletingCookie(.secondStep)])
            case .failure(.invalidMultiFactorSession):
                return ended(context)
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(
                    forms.page(
                        .secondStep, context: context, status: failure.isLocked ? 429 : 422, values: [:],
                        errors: [codeError(failure, locale: locale)]))
            }
        }
    }

    /// The step is gone (expired, ended by wrong codes, another browser's): sign in again, saying why.
    private func ended(_ context: some SiteRequestContext) -> Reply {
        .response(
            Responses.redirect(.signIn, context: context, cookies: [context.deletingCookie(.secondStep), Notice.secondStepEnded.cookie(context)]))
    }
}

extension SiteFeature {
    /// How a browser sign-in whose first factor was right goes on (`Authenticator.startSignIn`):
    /// the session and the way on, or the second step's cookie and its page.
    func signInStarted(_ start: SignInStart, to destination: String, context: some SiteRequestContext) -> Reply {
        switch start {
        case .signedIn(let started):
            return sessionStarted(started.token, account: started.account, to: destination, context: context)
        case .secondStep(let token, _):
            return .response(
                Responses.redirect(
                    .signInSecondStep, context: context,
                    cookies: [context.setCookie(.secondStep, token, maxAge: AccountStore.secondStepLifetime)]))
        }
    }
}
