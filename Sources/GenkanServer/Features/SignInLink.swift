import GenkanStore
import GenkanValidation

/// `/signin/link`: "send me a sign-in link" — signing in without the password, by a link mailed to
/// the account's address — and `/signin/link/confirm`, where the link leads.
///
/// The request is answered as the forgot-password page answers: recorded durably whatever the
/// address (`recordResetRequest(kind: .signIn)`), the same page and the same work whether or not it
/// has an account, and the same limits (per client and per address); the code and its mail follow
/// on the pool, for an account only. The link shows a button (a GET never uses the code: mail
/// scanners open links); the button signs in, marks the address verified, and starts a session.
struct SignInLink: Sendable {
    let forms: FormPages
    let pool: WorkerPool<AccountStore>
    let authenticator: Authenticator
    let requests: ResetRequests
    let failures: StoreFailures
    let sessionLifetime: Int64
    let checks: PasswordChecks

    func register(on router: Router, with shared: SharedMiddleware) {
        router.get(.signInLink, form: .signInLinkRequest, use: showRequest)
        router.group("", FormParsing(), shared.csrf(.preSession), shared.validating, shared.resetPerClient, shared.resetPerAccount)
            .post(.signInLink, form: .signInLinkRequest, use: request)
        // The code is in the URL: no page of these may send it on in a Referer header.
        let coded = router.group("", SecurityHeaders(noReferrer: true))
        coded.get(.signInLinkConfirm, use: showConfirm)
        coded.group("", FormParsing(), shared.csrf(.either), shared.verifyPerClient).post(.signInLinkConfirm, use: confirm)
    }

    func showRequest(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        .response(forms.blank(.signInLinkRequest, context: context))
    }

    /// Records the request and answers once it is committed, whatever the address.
    func request(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let email = context.validation?.normalizedEmail else { return context.refuse(.status(.internalError), request) }
        let locale = context.locale, requests = self.requests
        return pool.reply(.interactive, { store in
            Result { () throws(StoreError) in try store.recordResetRequest(email: email, locale: locale, kind: .signIn) }
        }) { [self] recorded in
            switch recorded {
            case .success:
                requests.process()
                let texts = forms.texts
                let page = MessagePage(
                    title: texts.text(.forgotSentTitle, locale),
                    paragraphs: [texts.text(.signInLinkSentMessage, locale, ["email": email]), texts.text(.mailDelayHint, locale)],
                    links: [(texts.text(.backToSignIn, locale), SitePath.signIn.path)])
                return .response(forms.message(page, context: context))
            case .failure(let error):
                return failures.refuse(error, request: request, context: context)
            }
        }
    }

    /// The link's page: the address it signs in as, and a button; nothing is used up.
    func showConfirm(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        guard let code = query?[FormDescription.codeField], Secret.isTokenShaped(code) else {
            return .response(forms.linkInvalid(.invalidActionCode, context: context, next: Self.newLink))
        }
        let authenticator = self.authenticator
        return pool.reply(.interactive, { store in authenticator.inspectSignInLink(code: code, in: store) }) { [self] result in
            let texts = forms.texts, locale = context.locale
            switch result {
            case .success(let found):
                let page = MessagePage(
                    title: texts.text(.signInLinkConfirmTitle, locale),
                    paragraphs: [texts.text(.signInLinkConfirmIntro, locale, ["email": found.email])],
                    buttons: [
                        MessagePage.Button(
                            action: SitePath.signInLinkConfirm.path, label: texts.text(.signInSubmit, locale),
                            hidden: [(FormDescription.codeField, code)])
                    ], keeping: [(FormDescription.codeField, code)])
                return .response(forms.message(page, context: context, binding: .either))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(forms.linkInvalid(failure, context: context, next: Self.newLink))
            }
        }
    }

    /// Uses the code: a new session for its account (the browser's previous one ends), the
    /// browser remembered for the account, and on to `/account`.
    func confirm(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let code = context.formData?[FormDescription.codeField], Secret.isTokenShaped(code) else {
            return .response(forms.linkInvalid(.invalidActionCode, context: context, next: Self.newLink))
        }
        let authenticator = self.authenticator, previous = context.sessionToken, userAgent = request.headers["user-agent"]
        return pool.reply(.interactive, { store -> Result<(token: String, email: String), AuthFailure> in
            authenticator.signIn(withLinkCode: code, email: nil, in: store).flatMap { signIn in
                do throws(StoreError) {
                    if let previous { try store.deleteSession(token: previous) }
                    try store.recordLogin(accountID: signIn.account.id)
                    return .success((try store.createSession(accountID: signIn.account.id, userAgent: userAgent).token, signIn.account.email))
                } catch {
                    return .failure(.internalError(error))
                }
            }
        }) { [self] result in
            switch result {
            case .success(let started):
                return .response(
                    Responses.sessionStarted(
                        started.token, lifetime: sessionLifetime, to: SitePath.account.path, context: context,
                        cookies: [checks.rememberDevice(context, email: started.email)]))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(forms.linkInvalid(failure, context: context, next: Self.newLink))
            }
        }
    }

    static let newLink: (text: PageKey, href: String) = (.linkRequestNewReset, SitePath.signInLink.path)
}
