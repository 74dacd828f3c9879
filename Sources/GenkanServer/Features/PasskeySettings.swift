import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/account/passkeys`: the account's passkeys (`PageRenderer.passkeys`), renaming one, removing
/// one, adding one, and removing the password of an account that has passkeys.
///
/// Adding is two JSON calls of the page's script (`/api/passkeys/register/options`, then
/// `/api/passkeys/register` with the browser's answer and the optional name), and needs a proof of
/// the owner in the last five minutes, as the other sensitive settings do: when the session's is
/// older, the first call answers with the address of `/account/passkeys/confirm`, which asks for
/// the password (or a passkey) and comes back here. Removing a passkey, or the password, is a
/// POST from a confirmation page with the current password or a passkey's answer
/// (`/api/passkeys/reauthenticate/options` gives the challenge); either is refused when it is the
/// account's last way in. The account's address is mailed a notice of each change.
struct PasskeySettings: SiteFeature {
    let site: SiteServices
    /// Whether passkeys work on this site; without, the list and removal stay (passkeys added
    /// under another base URL can still go), adding does not.
    let available: Bool

    func register(on router: Router<SiteContext>, api: RouteGroup<SiteContext, SiteContext>, with shared: SharedMiddleware) {
        let pages = shared.signedIn(router.group())
        pages.get(.passkeys, use: show)
        pages.get(.passkeyRemove, use: removal)
        pages.get(.passwordRemove, use: passwordRemoval)
        let posts = shared.signedInPosts(router.group())
        posts.post(.passkeyRename, use: rename)
        posts.post(.passkeyRemove, use: { request, context in confirm(.removePasskey, request, context) })
        posts.post(.passwordRemove, use: { request, context in confirm(.removePassword, request, context) })
        guard available else { return }
        pages.get(.passkeyAddConfirm, use: confirmation)
        posts.post(.passkeyAddConfirm, use: { request, context in confirm(.add, request, context) })
        // `enrolling`: the set-up of a second factor may be confirmed with a passkey.
        let calls = shared.signedInPosts(api, enrolling: true).group("", shared.passkeyPerClient.perClient())
        calls.post(.passkeyRegistrationOptions, use: registrationOptions)
        calls.post(.passkeyRegistration, use: finishRegistration)
        calls.post(.passkeyReauthenticationOptions, use: reauthenticationOptions)
    }

    // MARK: The list

    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return withMethods(signedIn, request, context) { [self] methods in
            .response(listPage(methods, signedIn: signedIn, context: context))
        }
    }

    /// The account's ways in, read on the pool, then `next` on the loop.
    private func withMethods(
        _ signedIn: SignedIn, _ request: HTTPRequest, _ context: some SiteRequestContext, _ next: @escaping @Sendable (SignInMethods) -> Reply
    ) -> Reply {
        fromStore(request, context, { core throws(StoreError) in try core.signInMethods(accountID: signedIn.account.id) }, then: next)
    }

    private func listPage(_ methods: SignInMethods, signedIn: SignedIn, context: some SiteRequestContext, status: Int = 200, error: String? = nil)
        -> HTTPResponse
    {
        let csrf = forms.tokens.token(for: SiteContext.sessionBinding(signedIn.token))
        let state = PasskeyListState(
            hasPassword: methods.hasPassword, methodCount: methods.count,
            notice: context.notice?.text(texts, account: signedIn.account, locale: context.locale), error: error)
        let html = forms.renderer.passkeys(methods.passkeys, state: state, csrf: csrf, locale: context.locale, timeZone: context.timeZone)
        return Responses.html(status, html, context: context, cookies: context.noticeShown)
    }

    /// A new name for one passkey; an empty one shows the list again with the problem.
    func rename(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        guard let id = Int64(context.parameters["id"] ?? "") else { return context.refuse(.status(.notFound), request) }
        let name = context.formData["name"] ?? ""
        guard name.utf8.count <= 1024 else { return context.refuse(.status(.badRequest), request) }
        guard AccountStore.passkeyName(name) != nil else {
            return withMethods(signedIn, request, context) { [self] methods in
                .response(
                    listPage(methods, signedIn: signedIn, context: context, status: 422, error: texts.text(.passkeysNameMissing, context.locale)))
            }
        }
        return pool.reply(.interactive, for: request, context, { core in
            core.renamePasskey(.session(token: signedIn.token), id: id, name: name)
        }) { [self] renamed in
            switch renamed {
            case .success:
                return .response(Responses.redirect(.passkeys, context: context, cookies: [Notice.passkeyRenamed.cookie(context)]))
            case .failure(.internalError(let error)): return failures.refuse(error, request: request, context: context)
            case .failure(.userTokenExpired), .failure(.userNotFound): return context.refuseEndedSession(request)
            case .failure: return context.refuse(.status(.notFound), request)
            }
        }
    }

    // MARK: Confirmation pages

    /// What a confirmation page leads to once the owner is proved.
    enum Change: Sendable {
        case add, removePasskey, removePassword
    }

    /// `/account/passkeys/confirm`: the proof before adding a passkey.
    func confirmation(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return withMethods(signedIn, request, context) { [self] methods in
            .response(
                forms.blank(
                    .passkeyAddConfirmation(hasPassword: methods.hasPassword), context: context,
                    passkeyProof: !methods.passkeys.isEmpty))
        }
    }

    /// `/account/passkeys/ID/remove`: the proof before a passkey goes (the list again, with the
    /// reason, when it is the last way in).
    func removal(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        guard let id = Int64(context.parameters["id"] ?? "") else { return context.refuse(.status(.notFound), request) }
        return withMethods(signedIn, request, context) { [self] methods in
            guard let passkey = methods.passkeys.first(where: { $0.id == id }) else { return context.refuse(.status(.notFound), request) }
            guard methods.count > 1 else {
                return .response(
                    listPage(methods, signedIn: signedIn, context: context, status: 409, error: texts.text(.passkeysLastMethod, context.locale)))
            }
            return .response(
                forms.blank(
                    .passkeyRemoval(id: id, name: passkey.name, hasPassword: methods.hasPassword), context: context,
                    passkeyProof: forms.renderer.passkeys))
        }
    }

    /// `/account/password/remove`: the proof before the password goes, for an account with
    /// another way in.
    func passwordRemoval(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return withMethods(signedIn, request, context) { [self] methods in
            guard methods.hasPassword else { return .response(Responses.redirect(.passkeys, context: context)) }
            guard methods.count > 1 else {
                return .response(
                    listPage(methods, signedIn: signedIn, context: context, status: 409, error: texts.text(.passkeysLastMethod, context.locale)))
            }
            return .response(forms.blank(.passwordRemoval, context: context, passkeyProof: forms.renderer.passkeys && !methods.passkeys.isEmpty))
        }
    }

    /// What a confirmation came to, with what the form needs to be shown again.
    struct Confirmed: Sendable {
        let result: Result<Void, AuthFailure>
        let methods: SignInMethods?
        /// Whether the proof offered was a passkey's answer (its refusal reads differently).
        let byPasskey: Bool
    }

    /// Proves the owner (the password behind the sign-in limits, or a passkey's answer to this
    /// session's challenge, each with its line in the security log), then makes the change.
    func confirm(_ change: Change, _ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        let id: Int64
        if change == .removePasskey {
            guard let parsed = Int64(context.parameters["id"] ?? "") else { return context.refuse(.status(.notFound), request) }
            id = parsed
        } else {
            id = 0
        }
        let password = context.formData[FormField.currentPassword.rawValue] ?? ""
        let passkey = context.formData["passkey"] ?? ""
        guard password.utf8.count <= 4096, passkey.utf8.count <= 256 * 1024 else { return context.refuse(.status(.badRequest), request) }
        if passkey.isEmpty, let refused = checks.knownRefusal(email: signedIn.account.email, request, context) { return refused }
        let checks = self.checks, client = PasswordChecks.Client(context), locale = context.locale
        return pool.hashing(request, context, { core -> Confirmed in
            let methods = try? core.signInMethods(accountID: signedIn.account.id)
            let proved: Result<Account, AuthFailure>
            if !passkey.isEmpty {
                let checked = core.reauthenticateWithPasskey(sessionToken: signedIn.token, responseJSON: Array(passkey.utf8))
                checks.security.passkey(.reauthentication, checked, client: client.address)
                proved = checked.map(\.account)
            } else {
                proved = checks.reauthentication(signedIn, client: client, in: core) {
                    core.confirmOwner(sessionToken: signedIn.token, password: password)
                }
            }
            let requester = Requester.session(token: signedIn.token)
            let result: Result<Void, AuthFailure>
            switch (proved, change) {
            case (.failure(let failure), _): result = .failure(failure)
            case (.success, .add): result = .success(())
            case (.success, .removePasskey):
                result = core.removePasskey(requester, id: id, locale: locale).map { _ in () }
            case (.success, .removePassword):
                result = core.removePassword(requester, locale: locale).map { _ in () }
            }
            if case .success = result, change != .add {
                checks.security.signInMethodChanged(
                    change == .removePasskey ? "passkey.removed" : "password.removed", email: signedIn.account.email, client: client.address)
            }
            return Confirmed(result: result, methods: methods, byPasskey: !passkey.isEmpty)
        }) { [self] confirmed in
            switch confirmed.result {
            case .success:
                let notice: [SetCookie]
                switch change {
                case .add: notice = []
                case .removePasskey: notice = [Notice.passkeyRemoved.cookie(context)]
                case .removePassword: notice = [Notice.passwordRemoved.cookie(context)]
                }
                return .response(Responses.redirect(.passkeys, context: context, cookies: notice))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(.throttled(let refusal)):
                return context.refuse(SiteRefusal(refusal), request)
            case .failure(.userTokenExpired), .failure(.userNotFound):
                return context.refuseEndedSession(request)
            case .failure(let failure):
                guard let methods = confirmed.methods else { return context.refuse(.status(.internalError), request) }
                if failure == .lastSignInMethod || failure == .passkeyNotFound && !confirmed.byPasskey {
                    let message = failure == .lastSignInMethod ? texts.text(.passkeysLastMethod, context.locale) : nil
                    return .response(
                        listPage(methods, signedIn: signedIn, context: context, status: failure == .lastSignInMethod ? 409 : 404, error: message))
                }
                return .response(formAgain(change, id: id, methods: methods, failure: failure, byPasskey: confirmed.byPasskey, context: context))
            }
        }
    }

    /// The confirmation form again with the problem: a wrong password on its field, a passkey's
    /// refusal above the form.
    private func formAgain(
        _ change: Change, id: Int64, methods: SignInMethods, failure: AuthFailure, byPasskey: Bool, context: some SiteRequestContext
    ) -> HTTPResponse {
        let form: FormDescription
        switch change {
        case .add: form = .passkeyAddConfirmation(hasPassword: methods.hasPassword)
        case .removePasskey:
            form = .passkeyRemoval(id: id, name: methods.passkeys.first { $0.id == id }?.name ?? "", hasPassword: methods.hasPassword)
        case .removePassword: form = .passwordRemoval
        }
        let error: PageError
        if byPasskey {
            error = PageError(field: nil, message: PasskeyMessages.text(failure, texts: texts, locale: context.locale))
        } else {
            let onField = (failure == .invalidCredential || failure == .missingPassword) && form.field(.currentPassword) != nil
            error = forms.error(failure.code, field: onField ? .currentPassword : nil, locale: context.locale)
        }
        return forms.page(
            form, context: context, status: 422, values: [:], errors: [error],
            passkeyProof: forms.renderer.passkeys && !methods.passkeys.isEmpty)
    }

    // MARK: The script's calls

    /// `PublicKeyCredentialCreationOptionsJSON` for `navigator.credentials.create`; without a
    /// recent proof, the confirmation page's address.
    func registrationOptions(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        return passkeyOptions(request, context, recentProofPage: .passkeyAddConfirm) { core in
            core.beginPasskeyRegistration(.session(token: signedIn.token))
        }
    }

    /// The browser's `RegistrationResponseJSON` (`credential`) and the optional `name`: the
    /// passkey stored, named after what was typed, else its authenticator model, else this browser.
    func finishRegistration(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        let json = Array((context.formData["credential"] ?? "").utf8)
        let name = context.formData["name"] ?? ""
        guard !json.isEmpty, name.utf8.count <= 1024 else { return context.refuse(.status(.badRequest), request) }
        let locale = context.locale, security = checks.security, client = context.clientAddress
        let defaultName = BrowserName(userAgent: request.headers["user-agent"]).text(texts, locale: locale)
        return pool.reply(.interactive, for: request, context, { core in
            let finished = core.finishPasskeyRegistration(
                .session(token: signedIn.token), responseJSON: json, name: name.isEmpty ? nil : name, defaultName: defaultName,
                locale: locale)
            if case .success = finished { security.signInMethodChanged("passkey.added", email: signedIn.account.email, client: client) }
            return finished
        }) { [self] finished in
            switch finished {
            case .success:
                return .response(
                    Responses.json(
                        200, .object([("location", .string(SitePath.passkeys.path))]), context: context, cookies: [Notice.passkeyAdded.cookie(context)]))
            case .failure(.internalError(let error)): return failures.refuse(error, request: request, context: context)
            case .failure(let failure): return .response(PasskeyMessages.refusal(failure, texts: texts, context: context))
            }
        }
    }

    /// `PublicKeyCredentialRequestOptionsJSON` listing the account's passkeys, for a passkey to
    /// stand in for the password on a confirmation page.
    func reauthenticationOptions(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        return passkeyOptions(request, context) { core in
            core.beginPasskeyReauthentication(.session(token: signedIn.token))
        }
    }
}
