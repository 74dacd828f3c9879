import GenkanOIDC
import GenkanStore

/// `/account/providers`: the ways to sign in to the account (its password, each configured
/// provider), with "connect" for a provider not linked and "disconnect" for one that is, unless
/// it is the last way in (no password, no other provider).
///
/// "Connect" is a link, not a form: a form's POST could not redirect to the provider under the
/// site's `form-action 'self'`. The link carries a token bound to the session and to linking
/// only, so another site cannot start linking for a signed-in visitor (which, with the visitor
/// signed in at the provider as someone else, would link a stranger's identity).
struct LinkedProviders: Sendable {
    static let path = "/account/providers"

    let signIn: ProviderSignIn
    let forms: FormPages
    let pool: WorkerPool<AccountStore>
    let authenticator: Authenticator
    let failures: StoreFailures

    var providers: IdentityProviders { signIn.providers }

    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", shared.signedInPages).get(Self.path, use: show)
        router.group("", shared.signedInPages).get(Self.path + "/{provider}/link", use: link)
        router.group("", shared.signedInPages + [FormParsing(), shared.csrf(.session)])
            .post(Self.path + "/{provider}/unlink", use: unlink)
    }

    /// What the "connect" links' token is bound to: this session, and linking.
    static func linkBinding(_ sessionToken: String) -> String {
        "link:" + RequestContext.sessionBinding(sessionToken)
    }

    func show(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let signedIn = context.signedIn else { return context.refuse(.signInRequired(returnTo: nil), request) }
        return pool.reply(.interactive, { store in
            Result { () throws(StoreError) in try store.providerIdentities(accountID: signedIn.account.id) }
        }) { [self] found in
            switch found {
            case .success(let (identities, hasPassword)):
                let html = forms.renderer.providers(
                    identities, hasPassword: hasPassword, locale: context.locale,
                    csrf: forms.tokens.token(for: RequestContext.sessionBinding(signedIn.token)),
                    linkToken: forms.tokens.token(for: Self.linkBinding(signedIn.token)),
                    notice: context.notice?.text(forms.texts, account: signedIn.account, locale: context.locale))
                return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
            case .failure(let error):
                return failures.refuse(error, request: request, context: context)
            }
        }
    }

    func link(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let signedIn = context.signedIn else { return context.refuse(.signInRequired(returnTo: nil), request) }
        guard let provider = providers.provider(named: context.parameters["provider"]) else {
            return context.refuse(.status(.notFound), request)
        }
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        guard forms.tokens.isValid(query?["token"] ?? "", for: Self.linkBinding(signedIn.token)) else {
            return context.refuse(.status(.forbidden), request)
        }
        return signIn.begin(provider, accountID: signedIn.account.id, returnTo: nil, request: request, context: context)
    }

    func unlink(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let signedIn = context.signedIn else { return context.refuse(.signInRequired(returnTo: nil), request) }
        guard let provider = providers.provider(named: context.parameters["provider"]) else {
            return context.refuse(.status(.notFound), request)
        }
        let authenticator = self.authenticator, name = provider.name
        return pool.reply(.interactive, { store in
            authenticator.unlink(provider: name, fromAccount: signedIn.account.id, in: store)
        }) { [self] result in
            switch result {
            case .success:
                return .response(
                    Responses.redirect(Self.path, context: context, cookies: [Notice.providerDisconnected.cookie(context)]))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(signIn.failed(failure, provider: provider, linking: true, context: context))
            }
        }
    }
}
