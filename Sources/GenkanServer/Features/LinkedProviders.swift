import GenkanHTTP
import GenkanOIDC
import GenkanStore
import GenkanValidation

/// `/account/providers`: the ways to sign in to the account (its password, each configured
/// provider), with "connect" for a provider not linked and "disconnect" for one that is, unless
/// it is the last way in (no password, no other provider).
///
/// Both lead to a page that asks for the current password first (an account without one proves
/// itself with a sign-in of the last five minutes): a stolen session alone cannot add a way in
/// or take one away. Connecting then sends the browser to the provider from that form's POST; the
/// page's Content Security Policy names the provider's origin in `form-action`, since browsers
/// check the redirects of a form submission against it. The account's address is mailed a notice
/// either way (`Authenticator.link`, `unlink`).
struct LinkedProviders: SiteFeature {
    let signIn: ProviderSignIn

    var site: SiteServices { signIn.site }
    var providers: IdentityProviders { signIn.providers }

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        let pages = shared.signedIn(router.group())
        pages.get(.accountProviders, use: show)
        pages.get(.providerConnect, use: { request, context in confirmation(.connect, request, context) })
        pages.get(.providerDisconnect, use: { request, context in confirmation(.disconnect, request, context) })
        let posts = shared.signedInPosts(router.group())
        posts.post(.providerConnect, use: { request, context in confirm(.connect, request, context) })
        posts.post(.providerDisconnect, use: { request, context in confirm(.disconnect, request, context) })
    }

    enum Change: Sendable {
        case connect, disconnect
    }

    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return fromStore(request, context, { core throws(StoreError) in try core.providerIdentities(accountID: signedIn.account.id) }) {
            [forms] found in
            let html = forms.renderer.providers(
                found.identities, hasPassword: found.hasPassword, locale: context.locale,
                notice: context.notice?.text(forms.texts, account: signedIn.account, locale: context.locale))
            return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
        }
    }

    /// The page that asks for the current password before the change.
    func confirmation(_ change: Change, _ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        guard let provider = providers.provider(named: context.parameters["provider"]) else {
            return context.refuse(.status(.notFound), request)
        }
        return fromStore(request, context, { core throws(StoreError) in
            try core.providerIdentities(accountID: signedIn.account.id).hasPassword
        }) { [self] hasPassword in
            .response(formPage(change, provider, hasPassword: hasPassword, context: context))
        }
    }

    /// Confirms the owner (`Authenticator.confirmOwner`, behind the sign-in limits), then sends the
    /// browser to the provider or removes the identity.
    func confirm(_ change: Change, _ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        guard let provider = providers.provider(named: context.parameters["provider"]) else {
            return context.refuse(.status(.notFound), request)
        }
        let password = context.formData[FormField.currentPassword.rawValue] ?? ""
        guard password.utf8.count <= 4096 else { return context.refuse(.status(.badRequest), request) }
        if let refused = checks.knownRefusal(email: signedIn.account.email, request, context) { return refused }
        let checks = self.checks, client = PasswordChecks.Client(context)
        let name = provider.name, locale = context.locale
        return pool.hashing(request, context, { core -> Confirmed in
            let hasPassword = (try? core.providerIdentities(accountID: signedIn.account.id).hasPassword) ?? true
            let confirmed = checks.reauthentication(signedIn, client: client, in: core) {
                core.confirmOwner(sessionToken: signedIn.token, password: password)
            }
            switch (confirmed, change) {
            case (.failure(let failure), _): return Confirmed(result: .failure(failure), hasPassword: hasPassword)
            case (.success, .connect): return Confirmed(result: .success(()), hasPassword: hasPassword)
            case (.success, .disconnect):
                let unlinked = core.unlink(provider: name, .session(token: signedIn.token), locale: locale)
                return Confirmed(result: unlinked, hasPassword: hasPassword)
            }
        }) { [self] confirmed in
            switch (confirmed.result, change) {
            case (.success, .connect):
                let started = signIn.begin(provider, accountID: signedIn.account.id, returnTo: nil, request: request, context: context)
                return started.map { $0.status == 303 ? $0 : $0.allowingFormActions([provider.authorizationOrigin]) }
            case (.success, .disconnect):
                return .response(
                    Responses.redirect(.accountProviders, context: context, cookies: [Notice.providerDisconnected.cookie(context)]))
            case (.failure(.internalError(let error)), _):
                return failures.refuse(error, request: request, context: context)
            case (.failure(.throttled(let refusal)), _):
                return context.refuse(SiteRefusal(refusal), request)
            case (.failure(.userTokenExpired), _), (.failure(.userNotFound), _):
                return context.refuseEndedSession(request)
            case (.failure(let failure), _):
                return .response(formPage(change, provider, hasPassword: confirmed.hasPassword, context: context, failure: failure))
            }
        }
    }

    /// What confirming the owner (and, to disconnect, removing the identity) came to, and whether
    /// the account has a password (which decides the form shown again).
    struct Confirmed: Sendable {
        let result: Result<Void, AuthFailure>
        let hasPassword: Bool
    }

    /// The confirmation form, with the failure on its field (or above it); a connect form's page
    /// lets its form lead to the provider.
    private func formPage(
        _ change: Change, _ provider: OIDCProvider, hasPassword: Bool, context: some SiteRequestContext, failure: AuthFailure? = nil
    ) -> HTTPResponse {
        let button = ProviderButton(provider.configuration)
        let form = FormDescription.providerChange(change, button, hasPassword: hasPassword)
        let response: HTTPResponse
        if let failure {
            let field = failure == .invalidCredential || failure == .missingPassword ? FormField.currentPassword : nil
            let message = failure == .lastSignInMethod
                ? PageError(field: nil, message: forms.texts.text(.providersLastMethod, context.locale))
                : forms.error(failure.code, field: hasPassword ? field : nil, locale: context.locale)
            response = forms.page(form, context: context, status: failure == .lastSignInMethod ? 409 : 422, values: [:], errors: [message])
        } else {
            response = forms.blank(form, context: context)
        }
        return change == .connect ? response.allowingFormActions([provider.authorizationOrigin]) : response
    }
}
