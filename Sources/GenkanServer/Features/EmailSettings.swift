import GenkanStore
import GenkanValidation

/// `/account/email`: the current password and a new address; a link goes to the new address and
/// the change happens only when it is opened (`/account/email/confirm`). The old address then
/// gets a notice with a link that undoes the change within 3 days and ends every session
/// (`/account/email/recover`), as Firebase's verifyBeforeUpdateEmail and recoverEmail do.
struct EmailSettings: Sendable {
    let forms: FormPages
    let pool: WorkerPool<AccountStore>
    let authenticator: Authenticator
    let failures: StoreFailures
    /// `--private-signup`: an address in use by another account gets the same answer as a free one.
    let isPrivate: Bool
    let checks: PasswordChecks

    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", shared.signedInPages).get(.accountEmail, form: .emailChange, use: show)
        router.group("", shared.signedInPages + shared.sensitivePost).post(.accountEmail, form: .emailChange, use: request)
        let coded = router.group("", SecurityHeaders(noReferrer: true))
        coded.get(.accountEmailConfirm, use: showConfirm)
        coded.group("", FormParsing(), shared.csrf(.either), shared.verifyPerClient).post(.accountEmailConfirm, use: confirm)
        coded.get(.accountEmailRecover, use: showRecover)
        coded.group("", FormParsing(), shared.csrf(.either), shared.verifyPerClient).post(.accountEmailRecover, use: recover)
    }

    func show(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        forms.sensitive(.emailChange, request: request, context: context, pool: pool, failures: failures)
    }

    func request(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let signedIn = context.signedIn, let newEmail = context.validation?.normalizedEmail else {
            return context.refuse(.status(.internalError), request)
        }
        let posted = context.formData
        let locale = context.locale, authenticator = self.authenticator, isPrivate = self.isPrivate
        // The sign-in limits count passwords; a passkey's answer is checked as a sign-in with one is.
        if OwnerProofField.passkey(in: context.formData) == nil,
            let refused = checks.knownRefusal(email: signedIn.account.email, request, context)
        {
            return refused
        }
        let checks = self.checks, client = PasswordChecks.Client(context)
        return pool.hashing(request, context, { store in
            checks.proving(signedIn, form: posted, client: client, authenticator: authenticator, in: store) { proven in
                authenticator.requestEmailChange(proven.requester, newEmail: newEmail, locale: locale, privately: isPrivate, in: store)
            }
        }) { [self] result in
            switch result {
            case .success(.sent):
                return .response(sent(newEmail, context: context))
            case .success(.addressInUse) where isPrivate:
                return .response(sent(newEmail, context: context))
            case .success(.addressInUse):
                return forms.reauthenticationFailed(.emailChange, .emailAlreadyInUse, request: request, context: context)
            case .success(.unchanged):
                return .response(Responses.redirect(.account, context: context))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return forms.reauthenticationFailed(.emailChange, failure, request: request, context: context)
            }
        }
    }

    private func sent(_ newEmail: String, context: RequestContext) -> HTTPResponse {
        let texts = forms.texts, locale = context.locale
        let page = MessagePage(
            title: texts.text(.emailChangeSentTitle, locale),
            paragraphs: [texts.text(.emailChangeSentMessage, locale, ["email": newEmail]), texts.text(.mailDelayHint, locale)],
            links: [(texts.text(.accountBack, locale), SitePath.account.path)])
        return forms.message(page, context: context)
    }

    // MARK: The link to the new address

    func showConfirm(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        withCode(request, context) { code in
            let authenticator = self.authenticator
            return pool.reply(.interactive, { store in authenticator.inspectEmailChange(code: code, in: store) }) { [self] result in
                switch result {
                case .success(let pending):
                    let texts = forms.texts, locale = context.locale
                    let page = MessagePage(
                        title: texts.text(.emailChangeConfirmTitle, locale),
                        paragraphs: [texts.text(.emailChangeConfirmIntro, locale, ["email": pending.email])],
                        buttons: [
                            MessagePage.Button(
                                action: SitePath.accountEmailConfirm.path, label: texts.text(.emailChangeConfirmSubmit, locale),
                                hidden: [(FormDescription.codeField, code)])
                        ], keeping: [(FormDescription.codeField, code)])
                    return .response(forms.message(page, context: context, binding: .either))
                case .failure(let failure): return failed(failure, request: request, context: context)
                }
            }
        }
    }

    func confirm(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        withPostedCode(request, context) { code in
            let locale = context.locale, authenticator = self.authenticator
            return pool.reply(.interactive, { store in
                authenticator.confirmEmailChange(code: code, locale: locale, in: store)
            }) { [self] result in
                switch result {
                case .success(let account):
                    return .response(done(.emailChangeDoneMessage, email: account.email, context: context))
                case .failure(let failure): return failed(failure, request: request, context: context)
                }
            }
        }
    }

    // MARK: The link to the old address

    func showRecover(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        withCode(request, context) { code in
            let authenticator = self.authenticator
            return pool.reply(.interactive, { store in authenticator.inspectEmailRecovery(code: code, in: store) }) { [self] result in
                switch result {
                case .success(let recovery):
                    let texts = forms.texts, locale = context.locale
                    let page = MessagePage(
                        title: texts.text(.emailRecoverTitle, locale),
                        paragraphs: [texts.text(.emailRecoverIntro, locale, ["email": recovery.email])],
                        buttons: [
                            MessagePage.Button(
                                action: SitePath.accountEmailRecover.path, label: texts.text(.emailRecoverSubmit, locale),
                                hidden: [(FormDescription.codeField, code)])
                        ], keeping: [(FormDescription.codeField, code)])
                    return .response(forms.message(page, context: context, binding: .either))
                case .failure(let failure): return failed(failure, request: request, context: context)
                }
            }
        }
    }

    func recover(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        withPostedCode(request, context) { code in
            let authenticator = self.authenticator
            return pool.reply(.interactive, { store in authenticator.recoverEmail(code: code, in: store) }) { [self] result in
                switch result {
                case .success(let account):
                    // Every session ended, this browser's too.
                    var signedOut = context
                    signedOut.hasStaleSessionCookie = context.sessionToken != nil
                    let texts = forms.texts, locale = context.locale
                    let page = MessagePage(
                        title: texts.text(.emailRecoverTitle, locale),
                        paragraphs: [texts.text(.emailRecoverDoneMessage, locale, ["email": account.email])],
                        links: [(texts.text(.linkRequestNewReset, locale), SitePath.passwordForgot.path), (texts.text(.backToSignIn, locale), SitePath.signIn.path)])
                    return .response(forms.message(page, context: signedOut))
                case .failure(let failure): return failed(failure, request: request, context: context)
                }
            }
        }
    }

    // MARK: Shared

    private func done(_ key: PageKey, email: String, context: RequestContext) -> HTTPResponse {
        let texts = forms.texts, locale = context.locale
        let page = MessagePage(
            title: texts.text(.emailChangeConfirmTitle, locale), paragraphs: [texts.text(key, locale, ["email": email])],
            links: [(texts.text(.verifyContinue, locale), SitePath.account.path)])
        return forms.message(page, context: context)
    }

    private func failed(_ failure: AuthFailure, request: HTTPRequest, context: RequestContext) -> Reply {
        switch failure {
        case .internalError(let error):
            return failures.refuse(error, request: request, context: context)
        case .invalidActionCode, .expiredActionCode:
            return .response(forms.linkInvalid(failure, context: context, next: (.accountChangeEmail, SitePath.accountEmail.path)))
        default:
            // The address was taken by another account in the meantime: the change cannot happen.
            let texts = forms.texts, locale = context.locale
            let page = MessagePage(
                title: texts.text(.linkInvalidTitle, locale), paragraphs: [texts.message(for: failure.code, locale: locale)],
                links: [(texts.text(.accountChangeEmail, locale), SitePath.accountEmail.path)])
            return .response(forms.message(page, context: context, status: 409))
        }
    }

    private func withCode(_ request: HTTPRequest, _ context: RequestContext, _ next: (String) -> Reply) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        guard let code = query?[FormDescription.codeField], Secret.isTokenShaped(code) else {
            return .response(forms.linkInvalid(.invalidActionCode, context: context, next: (.accountChangeEmail, SitePath.accountEmail.path)))
        }
        return next(code)
    }

    private func withPostedCode(_ request: HTTPRequest, _ context: RequestContext, _ next: (String) -> Reply) -> Reply {
        guard let code = context.formData?[FormDescription.codeField], Secret.isTokenShaped(code) else {
            return .response(forms.linkInvalid(.invalidActionCode, context: context, next: (.accountChangeEmail, SitePath.accountEmail.path)))
        }
        return next(code)
    }
}
