import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/account/two-factor`: adding an authenticator app as a second factor, the recovery codes,
/// and turning it off.
///
/// Adding starts with a proof of the owner, as the other sensitive settings do (the current
/// password or a passkey; an account without a password by a sign-in of the last five minutes),
/// which makes a new secret (`Authenticator.beginTOTPEnrollment`); the page that answers shows it
/// as a QR code and as text, and takes the app's first code (a wrong one shows the same secret
/// again). The ten recovery codes are shown once, on the page that answers the right code, and
/// can be made anew with a current code. Turning it off needs the proof and a code. Each change
/// is mailed to the account's address (the core sends it).
struct TwoFactorSettings: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        // `enrolling`: with `--require-two-factor` these are the pages an account without a factor reaches.
        let pages = shared.signedIn(router.group(), enrolling: true)
        pages.get(.twoFactor, use: show)
        pages.get(.twoFactorSetUp, use: show)
        // The first code's form is the answer to the proof; its address alone leads back.
        pages.get(.twoFactorEnable, use: { _, context in .response(Responses.redirect(.twoFactor, context: context)) })
        pages.get(.twoFactorRecoveryCodes, form: .recoveryCodesRenewal, use: { _, context in
            .response(forms.blank(.recoveryCodesRenewal, context: context))
        })
        pages.get(.twoFactorRemove, use: removal)
        let posts = shared.signedInPosts(router.group(), enrolling: true)
        posts.post(.twoFactorSetUp, use: setUp)
        posts.post(.twoFactorEnable, use: enable)
        posts.post(.twoFactorRemove, use: remove)
        shared.signedInForm(.recoveryCodesRenewal, as: CodeValues.self, on: router.group(), enrolling: true).post(.twoFactorRecoveryCodes, use: renewRecoveryCodes)
    }

    // MARK: The page

    /// What the settings page found: the factor, or what the set-up form needs.
    enum Found: Sendable {
        case on(TwoFactorStatus)
        case off(hasPassword: Bool, hasPasskey: Bool)
    }

    private func found(_ signedIn: SignedIn, _ core: Authenticator) throws(StoreError) -> Found {
        if let summary = try core.secondFactorSummary(accountID: signedIn.account.id) {
            return .on(TwoFactorStatus(factor: summary.factor, recoveryCodesLeft: summary.recoveryCodesLeft))
        }
        let methods = try core.signInMethods(accountID: signedIn.account.id)
        return .off(hasPassword: methods.hasPassword, hasPasskey: !methods.passkeys.isEmpty)
    }

    /// The factor and its recovery codes, or the form that sets one up.
    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return fromStore(request, context, { [self] core throws(StoreError) in try found(signedIn, core) }) { [self] found in
            switch found {
            case .on(let status):
                let notice = context.notice?.text(texts, account: signedIn.account, locale: context.locale)
                let html = forms.renderer.twoFactor(status, locale: context.locale, timeZone: context.timeZone, notice: notice)
                return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
            case .off(let hasPassword, let hasPasskey):
                return .response(forms.blank(.twoFactorSetUp(hasPassword: hasPassword), context: context, passkeyProof: hasPasskey))
            }
        }
    }

    // MARK: Adding

    /// The proof, then a new secret: the page with its QR code and the first code's form.
    func setUp(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        return provingAgain(request, context, { core in
            core.beginTOTPEnrollment(.session(token: signedIn.token))
        }) { [self] result, methods in
            switch result {
            case .success(let started):
                return .response(
                    enrollmentPage(started.token, started.totp, account: signedIn.account, context: context, status: 200, errors: []))
            case .failure(.secondFactorAlreadyEnrolled):
                return .response(Responses.redirect(.twoFactor, context: context))
            case .failure(let failure):
                return refused(failure, form: .twoFactorSetUp(hasPassword: methods?.hasPassword ?? true), request, context)
            }
        }
    }

    /// The first code of the new authenticator: the factor and its recovery codes, or the same
    /// secret again with what was wrong.
    func enable(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn, locale = context.locale
        let token = context.formData[FormDescription.enrollmentField] ?? ""
        let code = context.formData[FormField.code.rawValue] ?? ""
        guard Secret.isTokenShaped(token) else { return .response(Responses.redirect(.twoFactor, context: context)) }
        guard code.utf8.count <= 256 else { return context.refuse(.status(.badRequest), request) }
        let requester = Requester.session(token: signedIn.token)
        let security = checks.security, client = context.clientAddress
        return pool.reply(.interactive, for: request, context, { core -> (added: Result<SecondFactorAdded, AuthFailure>?, totp: TOTP?) in
            // An empty field is not a guess: nothing is counted, the same secret is shown again.
            let added = code.allSatisfy(\.isWhitespace) ? nil : core.finishTOTPEnrollment(requester, token: token, code: code, locale: locale)
            if case .success = added {
                security.signInMethodChanged("second-factor.added", email: signedIn.account.email, client: client)
                return (added, nil)
            }
            return (added, try? core.pendingTOTPEnrollment(requester, token: token).get())
        }) { [self] outcome in
            switch outcome.added {
            case .success(let added)?:
                return .response(
                    Responses.html(
                        200, forms.renderer.recoveryCodes(added.recoveryCodes, account: signedIn.account, locale: locale, notice: nil),
                        context: context))
            case .failure(.internalError(let error))?:
                return failures.refuse(error, request: request, context: context)
            case .failure(.userTokenExpired)?, .failure(.userNotFound)?:
                return context.refuseEndedSession(request)
            case .failure(let failure)?:
                // Expired, another browser's or already finished: the page starts again.
                guard let totp = outcome.totp else { return .response(Responses.redirect(.twoFactor, context: context)) }
                return .response(
                    enrollmentPage(
                        token, totp, account: signedIn.account, context: context, status: failure.isLocked ? 429 : 422,
                        errors: [codeError(failure, locale: locale)]))
            case nil:
                guard let totp = outcome.totp else { return .response(Responses.redirect(.twoFactor, context: context)) }
                return .response(
                    enrollmentPage(token, totp, account: signedIn.account, context: context, status: 422, errors: [missingCode(locale)]))
            }
        }
    }

    /// The enrolment's page: the QR code and the key above the first code's form, which carries
    /// the enrolment's token.
    private func enrollmentPage(
        _ token: String, _ totp: TOTP, account: Account, context: some SiteRequestContext, status: Int, errors: [PageError]
    ) -> HTTPResponse {
        var state = FormState(errors: errors, hidden: [(FormDescription.enrollmentField, token)])
        state.preamble = forms.renderer.enrollment(totp, account: account, locale: context.locale)
        let csrf = forms.tokens.token(for: context.binding(.session))
        return Responses.html(status, forms.renderer.form(.twoFactorEnable, locale: context.locale, state: state, csrf: csrf), context: context)
    }

    // MARK: Recovery codes

    /// A current code (or an unused recovery code), then ten new codes in place of the old.
    func renewRecoveryCodes(_ request: HTTPRequest, _ context: FormContext<SignedInContext, CodeValues>) -> Reply {
        let signedIn = context.signedIn, code = context.values.code, locale = context.locale
        let security = checks.security, client = context.clientAddress
        return pool.reply(.interactive, for: request, context, { core in
            let made = core.newRecoveryCodes(.session(token: signedIn.token), code: code, locale: locale)
            if case .success = made { security.signInMethodChanged("recovery-codes.renewed", email: signedIn.account.email, client: client) }
            return made
        }) { [self] made in
            switch made {
            case .success(let codes):
                return .response(
                    Responses.html(200, forms.renderer.recoveryCodes(codes, account: signedIn.account, locale: locale, notice: nil), context: context))
            case .failure(.multiFactorInfoNotFound):
                return .response(Responses.redirect(.twoFactor, context: context))
            case .failure(let failure):
                return refused(failure, form: .recoveryCodesRenewal, request, context)
            }
        }
    }

    // MARK: Turning it off

    /// The proof and a code, on a form without the password for an account that has none.
    func removal(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return fromStore(request, context, { core throws(StoreError) -> SignInMethods? in
            try core.hasSecondFactor(accountID: signedIn.account.id) ? try core.signInMethods(accountID: signedIn.account.id) : nil
        }) { [self] methods in
            guard let methods else { return .response(Responses.redirect(.twoFactor, context: context)) }
            return .response(
                forms.blank(.twoFactorRemoval(hasPassword: methods.hasPassword), context: context, passkeyProof: hasPasskey(methods)))
        }
    }

    /// The proof, then the code: the factor and its recovery codes gone, and the mail.
    func remove(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn, locale = context.locale
        let code = context.formData[FormField.code.rawValue] ?? ""
        guard code.utf8.count <= 256 else { return context.refuse(.status(.badRequest), request) }
        let security = checks.security, client = context.clientAddress
        return provingAgain(request, context, { core -> Result<SecondFactor, AuthFailure> in
            // No code, no proof spent: the form asks for it first.
            if code.allSatisfy(\.isWhitespace) { return .failure(.invalidVerificationCode) }
            let removed = core.removeSecondFactor(.session(token: signedIn.token), code: code, locale: locale)
            if case .success = removed { security.signInMethodChanged("second-factor.removed", email: signedIn.account.email, client: client) }
            return removed
        }, codeFirst: code.allSatisfy(\.isWhitespace)) { [self] result, methods in
            let form = FormDescription.twoFactorRemoval(hasPassword: methods?.hasPassword ?? true)
            switch result {
            case .success:
                return .response(Responses.redirect(.twoFactor, context: context, cookies: [Notice.twoFactorRemoved.cookie(context)]))
            case .failure(.multiFactorInfoNotFound):
                return .response(Responses.redirect(.twoFactor, context: context))
            case .failure(.invalidVerificationCode) where code.allSatisfy(\.isWhitespace):
                return .response(
                    forms.page(form, context: context, status: 422, values: [:], errors: [missingCode(locale)], passkeyProof: hasPasskey(methods)))
            case .failure(let failure):
                return refused(failure, form: form, request, context, passkeyProof: hasPasskey(methods))
            }
        }
    }

    // MARK: Shared

    /// Proves the owner as the passkeys page does (a passkey's answer, or the current password
    /// behind the sign-in limits; an account without a password by a recent sign-in), recording
    /// the proof in the session, then runs `operation` in the same job. `codeFirst`: the form
    /// lacks its code, and nothing is proved or counted.
    private func provingAgain<T: Sendable>(
        _ request: HTTPRequest, _ context: PostedContext<SignedInContext>,
        _ operation: @escaping @Sendable (Authenticator) -> Result<T, AuthFailure>, codeFirst: Bool = false,
        then done: @escaping @Sendable (Result<T, AuthFailure>, SignInMethods?) -> Reply
    ) -> Reply {
        let signedIn = context.signedIn
        let password = context.formData[FormField.currentPassword.rawValue] ?? ""
        let passkey = OwnerProofField.passkey(in: context.formData)
        guard password.utf8.count <= 4096 else { return context.refuse(.status(.badRequest), request) }
        if !codeFirst, passkey == nil, let refused = checks.knownRefusal(email: signedIn.account.email, request, context) { return refused }
        let checks = self.checks, client = PasswordChecks.Client(context)
        return pool.hashing(request, context, { core -> (Result<T, AuthFailure>, SignInMethods?) in
            let methods = try? core.signInMethods(accountID: signedIn.account.id)
            if codeFirst { return (operation(core), methods) }
            let proved: Result<Account, AuthFailure>
            if let passkey {
                let checked = core.reauthenticateWithPasskey(sessionToken: signedIn.token, responseJSON: passkey)
                checks.security.passkey(.reauthentication, checked, client: client.address)
                proved = checked.map(\.account)
            } else {
                proved = checks.reauthentication(signedIn, client: client, in: core) {
                    core.confirmOwner(sessionToken: signedIn.token, password: password)
                }
            }
            return (proved.flatMap { _ in operation(core) }, methods)
        }) { outcome in done(outcome.0, outcome.1) }
    }

    /// A refusal on one of these forms: the ended session, the limits, a store failure as every
    /// page answers them; a wrong password or code on the form again.
    private func refused(
        _ failure: AuthFailure, form: FormDescription, _ request: HTTPRequest, _ context: some PostedRequestContext, passkeyProof: Bool = false
    ) -> Reply {
        switch failure {
        case .internalError(let error):
            return failures.refuse(error, request: request, context: context)
        case .invalidVerificationCode, .verificationCodeReused, .secondFactorLocked:
            return .response(
                forms.page(
                    form, context: context, status: failure.isLocked ? 429 : 422, values: [:], errors: [codeError(failure, locale: context.locale)],
                    passkeyProof: passkeyProof))
        default:
            return forms.reauthenticationFailed(form, failure, request: request, context: context)
        }
    }

    private func hasPasskey(_ methods: SignInMethods?) -> Bool {
        forms.renderer.passkeys && !(methods?.passkeys.isEmpty ?? true)
    }

    private func missingCode(_ locale: String) -> PageError {
        PageError(field: .code, message: texts.message(for: ValidationIssue(.formRequired, field: .code), locale: locale))
    }
}

extension SiteFeature {
    /// What a refused code reads as: wrong, already used (wait for the next), or too many wrong
    /// ones lately (the owner has been mailed).
    func codeError(_ failure: AuthFailure, locale: String) -> PageError {
        switch failure {
        case .verificationCodeReused: PageError(field: .code, message: texts.text(.secondStepCodeUsed, locale))
        case .secondFactorLocked: PageError(field: nil, message: texts.text(.secondStepLocked, locale))
        default: forms.error(failure, locale: locale)
        }
    }
}

extension AuthFailure {
    /// Too many codes were checked for the account lately.
    var isLocked: Bool {
        if case .secondFactorLocked = self { return true }
        return false
    }
}
