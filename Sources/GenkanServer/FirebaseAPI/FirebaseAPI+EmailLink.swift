import GenkanHTTP
import GenkanStore
import GenkanValidation

/// E-mail link sign-in: `accounts:sendOobCode` with `EMAIL_SIGNIN` mails a link (the SDKs'
/// `sendSignInLinkToEmail`), whose code `accounts:signInWithEmailLink` exchanges for the address's
/// tokens — making the account, verified, when the address has none (`isNewUser`), or, with an
/// `idToken`, giving the signed-in user that address (`linkWithCredential`). A code works once.
///
/// The link goes first to `/__/auth/action` (`mode=signIn&oobCode=…&apiKey=…&continueUrl=…`),
/// which sends the browser on to the app's `continueUrl` with those parameters, as Firebase's
/// action handler does: the app's page calls `isSignInWithEmailLink` and `signInWithEmailLink`.
extension FirebaseAPI {
    /// Where sign-in links lead first.
    static let actionPath = "/__/auth/action"

    /// `sendOobCode` with `EMAIL_SIGNIN`: the link to any address (using it makes the account), so
    /// the answer is the same for every address.
    func sendSignInLink(_ request: HTTPRequest, _ context: APIContext) throws(FirebaseError) -> Reply {
        let fields = context.body, input = FirebaseInput(rules: rules)
        let email = try input.email(try fields.string("email"))
        let continuation = try continuation(fields, request)
        let locale = context.locale, mail = self.mail
        return answer(.interactive(request, context)) { core in
            let link = { (token: String) -> String? in mail.signInLinkURL(code: token, continuation: continuation, locale: locale) }
            switch core.sendSignInLink(email: email, continuation: continuation, locale: locale, link: link) {
            case .failure(let failure): return .failure(self.error(failure, request))
            case .success:
                return .success(.object([("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(email))]))
            }
        }
    }

    /// The request's `continueUrl`, required for a sign-in link, and allowed (`continueOrigins`:
    /// the site's origin and `--authorized-domain`, and loopback in emulator mode), with the API key the
    /// request came with (`?key=`, which the link carries for the SDKs).
    func continuation(_ fields: APIRequestBody, _ request: HTTPRequest) throws(FirebaseError) -> SignInLinkContinuation {
        guard let url = try fields.string("continueUrl") else { throw FirebaseError(.missingContinueURI) }
        guard Self.isAbsoluteURI(url) else { throw FirebaseError(.invalidContinueURI) }
        guard continueOrigins.allows(url) else { throw FirebaseError(.unauthorizedDomain, "Domain not allowlisted by project") }
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let key = query?["key"].flatMap { $0.isEmpty || $0.utf8.count > 256 ? nil : $0 } ?? "genkan"
        return SignInLinkContinuation(url: url, apiKey: key)
    }

    func signInWithEmailLink(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            let claims = try fields.string("idToken").map { token throws(FirebaseError) in try tokens.verify(token, now: clock.now()).get() }
            let email = try input.email(try fields.string("email"))
            guard let code = try fields.string("oobCode") else { throw FirebaseError(.missingOOBCode) }
            return answer(.interactive(request, context)) { core in
                var requester: Requester?
                if let claims {
                    switch Self.account(claims, in: core) {
                    case .failure(let error): return .failure(error)
                    case .success(let profile): requester = Self.requester(claims, profile)
                    }
                }
                let signedIn = core.signIn(
                    withLinkCode: code, email: email, linking: requester, signedInAt: claims?.authTime ?? 0)
                // A link that adds the address to the requester's account: it holds the account's
                // tokens, so its second factor was proven; a sign-in goes through the second step.
                let linking = requester != nil
                let started = signedIn.flatMap { signIn in
                    (linking
                        ? core.continueTokens(for: signIn.account, signInProvider: "password").map {
                            TokenSignInStart.tokens(account: $0.account, authTime: $0.authTime, refreshToken: $0.refreshToken, claims: $0.claims)
                        }
                        : core.startTokenSignIn(for: signIn.account, signInProvider: "password")).map { (signIn, $0) }
                }
                switch started {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let (signIn, .tokens(account, authTime, refreshToken, tokenClaims))):
                    let profile = (try? core.profile(id: account.id)) ?? nil
                        ?? AccountProfile(account: account, photoURL: nil, lastLoginAt: authTime)
                    return .success(.object(
                        [
                            ("kind", .string("identitytoolkit#EmailLinkSigninResponse")), ("email", .string(account.email)),
                            ("localId", .string(account.uid)), ("isNewUser", .bool(signIn.isNew)),
                        ] + tokenFields(profile, authTime: authTime, refreshToken: refreshToken, claims: tokenClaims)))
                case .success(let (signIn, .secondStep(pending, account, factor))):
                    return .success(.object(
                        [
                            ("kind", .string("identitytoolkit#EmailLinkSigninResponse")), ("email", .string(account.email)),
                            ("localId", .string(account.uid)), ("isNewUser", .bool(signIn.isNew)),
                        ] + Self.secondStepFields(token: pending, factor: factor)))
                }
            }
        }
    }

    /// `GET /__/auth/action?mode=…&oobCode=…`: Firebase's action handler. A sign-in link goes on to
    /// its `continueUrl` with `apiKey`, `oobCode`, `mode` and `lang` (303), when that address is
    /// allowed; without one, to the site's own page for the code. The other modes lead to the
    /// site's page for their code. Nothing is used up here.
    func action(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        guard let query, let mode = query["mode"], let code = query["oobCode"], Secret.isTokenShaped(code) else {
            return context.refuse(.status(.badRequest), request)
        }
        let page: SitePath
        switch mode {
        case "signIn":
            if let continueURL = query["continueUrl"] {
                guard continueOrigins.allows(continueURL), let target = URLParts(continueURL) else {
                    return context.refuse(.status(.badRequest), request)
                }
                let parameters = query.fields.filter { $0.name != "continueUrl" }.map { ($0.name, $0.value) }
                return .response(Responses.redirect(target.settingQuery(parameters), context: context))
            }
            page = .signInLinkConfirm
        case "resetPassword": page = Self.pagePath(.resetPassword)
        case "verifyEmail": page = Self.pagePath(.verifyEmail)
        case "verifyAndChangeEmail": page = Self.pagePath(.changeEmail)
        case "recoverEmail": page = Self.pagePath(.recoverEmail)
        default: return context.refuse(.status(.badRequest), request)
        }
        return .response(Responses.redirect(page.with(FormDescription.codeField, code), context: context))
    }
}
