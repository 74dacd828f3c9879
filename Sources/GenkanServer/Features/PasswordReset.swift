import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/password/forgot` and `/password/reset`: a link by mail, then a new password that ends every
/// session of the account and signs this browser in.
struct PasswordReset: SiteFeature {
    let site: SiteServices
    let requests: ResetRequests

    /// The request, like every request for a mailed link (`registerLinkRequest`), is recorded
    /// durably whatever the address and answered once it is committed: the same work and the same
    /// page whether or not the address has an account. The code and the mail are made afterwards
    /// (`ResetRequests`).
    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        registerLinkRequest(
            .passwordResetRequest, at: .passwordForgot, .resetPassword, requests: requests, sentMessage: .forgotSentMessage, on: router,
            with: shared)
        // The code is in the URL: no page of these may send it on in a Referer header.
        let coded = router.group("", SecurityHeaders(noReferrer: true))
        coded.get(.passwordReset, form: .passwordReset, use: showReset)
        // The new password is checked again in the handler, against the code's account.
        coded.narrowed(by: FormParsing()).group("", shared.csrf(.preSession)).validating(.passwordReset, as: NoValues.self, with: shared)
            .group("", shared.resetPerClient.perClient()).post(.passwordReset, use: reset)
    }

    /// The new-password form for a usable code; a GET never consumes it.
    func showReset(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        withLinkCode(posted: false, request, context, next: Self.newLink) { code in
            inspect(code, request: request, context: context) { [forms] account in
                .response(
                    forms.blank(
                        .passwordReset, context: context, hidden: [(FormDescription.codeField, code)],
                        intro: forms.texts.text(.resetIntro, context.locale, ["email": account.email])))
            }
        }
    }

    /// Checks the new password against the account's address and name too, then replaces it:
    /// every session ends, this browser gets a new one, and a notice goes by mail.
    func reset(_ request: HTTPRequest, _ context: FormContext<SiteContext, NoValues>) -> Reply {
        withLinkCode(posted: true, request, context, next: Self.newLink) { code in checked(code, request, context) }
    }

    private func checked(_ code: String, _ request: HTTPRequest, _ context: FormContext<SiteContext, NoValues>) -> Reply {
        let newPassword = context.formData[FormField.newPassword.rawValue] ?? ""
        let confirmation = context.formData[FormField.passwordConfirmation.rawValue] ?? ""
        return inspect(code, request: request, context: context) { [self] account in
            let verdict = rules.validatePasswordReset(
                newPassword: newPassword, confirmation: confirmation,
                context: PasswordContext(email: account.email, name: account.displayName))
            guard verdict.isValid, let prepared = verdict.preparedPassword else {
                return .response(
                    forms.page(
                        .passwordReset, context: context, status: 422, values: [:], issues: verdict.issues,
                        hidden: [(FormDescription.codeField, code)],
                        intro: forms.texts.text(.resetIntro, context.locale, ["email": account.email])))
            }
            return replace(code: code, password: prepared, request: request, context: context)
        }
    }

    private func replace(code: String, password: String, request: HTTPRequest, context: some SiteRequestContext) -> Reply {
        let locale = context.locale
        let userAgent = request.headers["user-agent"]
        return pool.hashing(request, context, { core in
            core.resetPassword(code: code, newPassword: password, locale: locale, renewal: .session(userAgent: userAgent))
        }) { [self] result in
            switch result {
            case .success(let reset):
                // An account with a second factor: the new password is set, and the sign-in asks for
                // the code.
                guard let token = reset.sessionToken else { return .response(Responses.redirect(.signIn, context: context)) }
                // The mailbox's owner set the password in this browser: it is theirs from now on.
                return sessionStarted(token, account: reset.account, to: SitePath.account.path, notice: .passwordChanged, context: context)
            case .failure(let failure):
                return linkRefused(failure, next: Self.newLink, request, context)
            }
        }
    }

    /// Looks the code up on the pool and continues on the loop with its account, or shows why
    /// the link cannot be used.
    private func inspect(
        _ code: String, request: HTTPRequest, context: some SiteRequestContext, then next: @escaping @Sendable (Account) -> Reply
    ) -> Reply {
        fromStore(request, context, { core throws(StoreError) in try core.inspectCode(code, purpose: .resetPassword) }) { [self] found in
            switch found {
            case .success(let actionCode): return next(actionCode.account)
            case .failure(let failure): return linkRefused(AuthFailure(failure), next: Self.newLink, request, context)
            }
        }
    }

    static let newLink: (text: PageKey, href: String) = (.linkRequestNewReset, SitePath.passwordForgot.path)
}
