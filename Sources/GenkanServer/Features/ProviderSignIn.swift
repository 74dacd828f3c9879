import GenkanHTTP
import GenkanJSON
import GenkanLocalization
import GenkanOIDC
import GenkanStore
import GenkanValidation

/// Signing in with an OpenID provider (`/signin/NAME`, `/signin/NAME/callback`): the
/// authorization code flow with PKCE, a `state` bound to the browser's pre-session, and a nonce
/// kept here whose SHA-256 goes to the provider. The first sign-in of an identity makes an
/// account; an address that already has an account is never merged
/// (`auth/account-exists-with-different-credential`: sign in as before, then link the provider
/// from `/account/providers`, which starts the same flow through `begin` once the current password
/// was confirmed).
///
/// Apple answers with `response_mode=form_post`: a cross-site POST to the callback, which has no
/// CSRF token (Apple cannot have one) and carries no cookie (`SameSite=Lax`). That POST is the
/// only form route without a token: it records the code with the request its `state` names and
/// redirects the browser to the GET callback, whose top-level navigation does carry the
/// pre-session cookie, so the binding is checked there as for every other provider.
struct ProviderSignIn: SiteFeature {
    let site: SiteServices
    let providers: IdentityProviders
    /// `--private-signup`: only an address the provider verified may make an account.
    let isPrivate: Bool
    /// Starts per client address (each stores a request for ten minutes).
    let startsPerClient: Limit

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.visitor(router.group()).group("", startsPerClient.perClient()).get(.providerSignIn, use: start)
        shared.visitor(router.group()).get(.providerCallback, use: callback)
        // No CSRF token on purpose: see the type's comment. The state decides, at the GET.
        router.group().narrowed(by: FormParsing()).post(.providerCallback, use: formPost)
    }

    // MARK: Start

    func start(_ request: HTTPRequest, _ context: SessionContext) -> Reply {
        guard let provider = providers.provider(named: context.parameters["provider"]) else {
            return context.refuse(.status(.notFound), request)
        }
        if context.signedIn != nil { return .response(Responses.redirect(.account, context: context)) }
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let returnTo = query?[FormDescription.returnField].flatMap(LocalPath.init)
        return begin(provider, accountID: nil, returnTo: returnTo?.value, request: request, context: context)
    }

    /// Stores a new authorization request bound to this browser (and, when linking, to its
    /// account) and sends the browser to the provider.
    func begin(_ provider: OIDCProvider, accountID: Int64?, returnTo: String?, request: HTTPRequest, context: some SiteRequestContext) -> Reply {
        guard let httpPool = providers.pool else { return context.refuse(.status(.notFound), request) }
        let pending = PendingAuthorization.new()
        let redirectURI = providers.redirectURI(provider.name)
        let authorization = ProviderAuthorization(
            provider: provider.name, bindingHash: Self.binding(context), accountID: accountID, nonce: pending.nonce,
            codeVerifier: pending.codeVerifier, returnTo: returnTo,
            expiresAt: clock.now() + AccountStore.authorizationLifetime)
        return httpPool.reply(.interactive, { _ in
            Result { () throws(OIDCFailure) in try provider.authorizationURL(for: pending, redirectURI: redirectURI) }
        }) { [self] built in
            switch built {
            case .failure(let failure):
                return .response(failed(failure.code, detail: failure.detail, provider: provider, linking: accountID != nil, context: context))
            case .success(let url):
                return pool.reply(.interactive, for: request, context, { core in
                    Result { () throws(StoreError) in try core.saveAuthorization(state: pending.state, authorization) }
                }) { saved in
                    if case .failure(let error) = saved { return failures.refuse(error, request: request, context: context) }
                    return .response(Responses.redirect(url, context: context))
                }
            }
        }
    }

    /// What a request is bound to: the SHA-256 of the browser's pre-session cookie.
    static func binding(_ context: some SiteRequestContext) -> [UInt8] {
        Secret.sha256(Array(context.preSession.utf8))
    }

    // MARK: Callback

    /// Apple's `form_post`: keeps the posted code (and Apple's `user`) with the request its state
    /// names, then sends the browser to the GET callback. Sets no cookie: the POST came without
    /// the browser's cookies, and a new pre-session here would replace the one the state is
    /// bound to.
    func formPost(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        guard let provider = providers.provider(named: context.parameters["provider"]), provider.configuration.preset.usesFormPost else {
            return context.refuse(.status(.notFound), request)
        }
        let form = context.formData
        let state = String((form["state"] ?? "").prefix(512))
        var location = SitePath.providerCallback.filled(provider.name) + "?state=" + FormData.percentEncoded(state)
        if let error = form["error"] {
            location += "&error=" + FormData.percentEncoded(String(error.prefix(64)))
            return .response(Self.bareRedirect(location))
        }
        guard let code = form["code"], !state.isEmpty else { return .response(Self.bareRedirect(location)) }
        let user = form["user"].flatMap { $0.utf8.count <= 4096 ? $0 : nil }
        let callback = location
        return pool.reply(.interactive, for: request, context, { core in
            Result { () throws(StoreError) in
                try core.recordAuthorizationResponse(state: state, provider: provider.name, code: code, user: user)
            }
        }) { [self] recorded in
            if case .failure(let error) = recorded { return failures.refuse(error, request: request, context: context) }
            // Recorded or not (unknown, used, expired state), the GET says what happened.
            return .response(Self.bareRedirect(callback))
        }
    }

    /// A 303 without the request's standing cookies (see `formPost`).
    static func bareRedirect(_ location: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: ["Location": location, "Cache-Control": "no-store"])
    }

    /// The provider's answer: takes the request its state names (once), checks it is this
    /// browser's and this provider's, redeems the code, verifies the ID token, then signs in (or
    /// makes the account) or links the identity.
    func callback(_ request: HTTPRequest, _ context: SessionContext) -> Reply {
        guard let provider = providers.provider(named: context.parameters["provider"]), let httpPool = providers.pool else {
            return context.refuse(.status(.notFound), request)
        }
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let state = query?["state"] ?? ""
        let binding = Self.binding(context)
        return pool.reply(.interactive, for: request, context, { core in
            Result { () throws(StoreError) in try core.takeAuthorization(state: state) }
        }) { [self] taken in
            let pending: ProviderAuthorization
            switch taken {
            case .failure(let error): return failures.refuse(error, request: request, context: context)
            case .success(let found):
                // An error from the provider ends the request whatever its state (some providers
                // leave the state out of an error); nothing is signed in.
                if let error = query?["error"] {
                    let failure: OIDCFailure =
                        ["access_denied", "user_cancelled_authorize"].contains(error) ? .cancelled(String(error.prefix(64))) : .providerError(String(error.prefix(64)))
                    return .response(failed(failure, provider: provider, linking: found?.accountID != nil, context: context))
                }
                // Unknown, used or expired; for another provider; or started in another browser
                // (a login CSRF: someone else's code fed to this browser).
                guard let found, found.provider == provider.name, !context.isNewPreSession,
                    Secret.constantTimeEqual(found.bindingHash, binding)
                else {
                    return .response(failed(OIDCFailure.invalidState, provider: provider, linking: false, context: context))
                }
                pending = found
            }
            let linking = pending.accountID != nil
            guard let code = query?["code"] ?? pending.responseCode else {
                return .response(failed(OIDCFailure.providerError("no code"), provider: provider, linking: linking, context: context))
            }
            if let accountID = pending.accountID, context.signedIn?.account.id != accountID {
                return .response(failed(AuthFailure.userMismatch, provider: provider, linking: true, context: context))
            }
            let redirectURI = providers.redirectURI(provider.name)
            return httpPool.reply(.interactive, { _ in
                Result { () throws(OIDCFailure) in
                    let idToken = try provider.redeem(code: code, codeVerifier: pending.codeVerifier, redirectURI: redirectURI)
                    return try provider.verifyIDToken(idToken, rawNonce: pending.nonce)
                }
            }) { verified in
                switch verified {
                case .failure(let failure):
                    return .response(failed(failure, provider: provider, linking: linking, context: context))
                case .success(let token):
                    let profile = Self.profile(token, provider: provider, appleUser: pending.responseUser, rules: rules)
                    if let accountID = pending.accountID {
                        return link(profile, accountID: accountID, provider: provider, request: request, context: context)
                    }
                    return signIn(profile, returnTo: pending.returnTo, provider: provider, request: request, context: context)
                }
            }
        }
    }

    private func signIn(
        _ profile: ProviderProfile, returnTo: String?, provider: OIDCProvider, request: HTTPRequest, context: some SiteRequestContext
    ) -> Reply {
        let locale = context.locale, isPrivate = self.isPrivate
        let previous = context.sessionToken, userAgent = request.headers["user-agent"], binding = context.anonymousBinding
        let destination = returnTo ?? SitePath.account.path
        return pool.reply(.interactive, for: request, context, { core in
            core.startSignIn(
                with: profile, replacing: previous, binding: binding, userAgent: userAgent, returnTo: destination,
                requireVerifiedEmail: isPrivate, locale: locale)
        }) { [self] result in
            switch result {
            case .success(let outcome):
                // A new account has no second factor: its session, and its page.
                return signInStarted(outcome.start, to: outcome.isNew ? SitePath.account.path : destination, context: context)
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(failed(failure, provider: provider, linking: false, context: context))
            }
        }
    }

    private func link(
        _ profile: ProviderProfile, accountID: Int64, provider: OIDCProvider, request: HTTPRequest, context: some SiteRequestContext
    ) -> Reply {
        guard let token = context.sessionToken else { return context.refuse(.signInRequired(returnTo: nil), request) }
        let locale = context.locale
        return pool.reply(.interactive, for: request, context, { core in
            core.link(profile, toAccount: accountID, sessionToken: token, locale: locale)
        }) { [self] result in
            switch result {
            case .success:
                return .response(
                    Responses.redirect(
                        .accountProviders, context: context, cookies: [Notice.providerConnected.cookie(context)]))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(failed(failure, provider: provider, linking: true, context: context))
            }
        }
    }

    // MARK: The person as the site keeps them

    /// The verified token as an account's details: the address through the site's e-mail rules,
    /// the name through the nickname rules (Apple's `user` name first, then the token's names,
    /// then the address's local part).
    static func profile(_ token: VerifiedIDToken, provider: OIDCProvider, appleUser: String?, rules: ValidationViewModel) -> ProviderProfile {
        let email = token.email.flatMap { rules.validatePasswordResetRequest(email: $0).normalizedEmail }
        var candidates: [String] = []
        if let appleUser, let user = JSONReader.value(appleUser), let name = user[member: "name"] {
            let parts = [name[member: "firstName"]?.stringValue, name[member: "lastName"]?.stringValue].compactMap { $0 }
            if !parts.isEmpty { candidates.append(parts.joined(separator: " ")) }
        }
        candidates += token.names
        if let email, let at = email.lastIndex(of: "@") { candidates.append(String(email[..<at].prefix(30))) }
        candidates.append(provider.configuration.preset == .generic ? provider.configuration.displayName : "User")
        var displayName = "User", nameKey = "user"
        for candidate in candidates {
            let verdict = rules.validateNameChange(name: candidate)
            if verdict.isValid, let name = verdict.normalizedName, let key = verdict.nameComparisonKey {
                (displayName, nameKey) = (name, key)
                break
            }
        }
        return ProviderProfile(
            // The configured issuer, not the token's `iss`: Google signs with two spellings of its
            // issuer (`accounts.google.com` and `https://accounts.google.com`), one identity.
            provider: provider.name, issuer: provider.configuration.issuer, subject: token.subject, email: email,
            emailVerified: email != nil && token.emailVerified, displayName: displayName, nameKey: nameKey)
    }

    // MARK: Failures

    /// A provider flow that failed: the sign-in page with the message (and, when the address has
    /// an account, how to link afterwards), or, when linking, a page that leads back to the
    /// sign-in methods. The detail goes to the operator's log.
    func failed(_ failure: OIDCFailure, provider: OIDCProvider, linking: Bool, context: some SiteRequestContext) -> HTTPResponse {
        failed(failure.code, detail: failure.detail, provider: provider, linking: linking, context: context)
    }

    func failed(_ failure: AuthFailure, provider: OIDCProvider, linking: Bool, context: some SiteRequestContext) -> HTTPResponse {
        // A blocking hook's refusal (or its absence) in the site's own words.
        let own: String? =
            switch failure {
            case .refusedByHook, .hookUnavailable: forms.texts.message(for: failure, locale: context.locale)
            default: nil
            }
        return failed(failure.code, detail: "\(failure)", provider: provider, linking: linking, context: context, message: own)
    }

    func failed(
        _ code: AuthErrorCode, detail: String, provider: OIDCProvider, linking: Bool, context: some SiteRequestContext, message own: String? = nil
    ) -> HTTPResponse {
        failures.log.write("oidc \(provider.name): \(linking ? "linking" : "sign-in") failed: \(code.rawValue): \(detail)")
        let texts = forms.texts, locale = context.locale
        let brand = ProviderButton(provider.configuration).brandName
        let message: String
        switch code {
        case _ where own != nil: message = own ?? ""
        case .missingEmail: message = texts.text(.providerNoEmail, locale, ["provider": brand])
        case .operationNotAllowed: message = texts.text(.providersLastMethod, locale)
        // The code's own text: `AuthErrorModel.message` gives auth/invalid-credential the
        // password form's "email address or password", which says nothing true here.
        default: message = texts.model.text(code.rawValue, locale: locale)
        }
        let status =
            switch code {
            case .internalError: 502
            case .accountExistsWithDifferentCredential, .credentialAlreadyInUse, .providerAlreadyLinked: 409
            default: 400
            }
        if linking {
            let page = MessagePage(
                title: texts.text(.providersTitle, locale), paragraphs: [message],
                links: [(texts.text(.providersTitle, locale), SitePath.accountProviders.path)])
            return forms.message(page, context: context, status: status, binding: .session)
        }
        let intro = code == .accountExistsWithDifferentCredential ? texts.text(.providerLinkHint, locale, ["provider": brand]) : nil
        return forms.page(.signIn, context: context, status: status, values: [:], errors: [PageError(field: nil, message: message)], intro: intro)
    }
}
