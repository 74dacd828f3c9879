import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// Signing in with a passkey from `/signin`, through two JSON calls of the page's script, each a
/// form post with the page's token (bound to the pre-session) behind the per-client passkey limit:
///
/// - `POST /api/passkeys/sign-in/options`: `PublicKeyCredentialRequestOptionsJSON` for
///   `navigator.credentials.get`, with a challenge bound to this browser's pre-session, stored for
///   five minutes, good once (the page's autofill request and its button each ask for their own);
/// - `POST /api/passkeys/sign-in` with `credential` (the browser's `AuthenticationResponseJSON`)
///   and `return`: the assertion checked (`Authenticator.signInWithPasskey`), then a sign-in like a
///   password's: a new session replacing the browser's old one, the device cookie, the security
///   log's line, and `{"location": …}` for the script to go to (`/account` unless the page said).
///
/// A refusal is JSON with a message in the page's language (`PasskeyMessages`).
struct PasskeySignIn: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, api: RouteGroup<SiteContext, SiteContext>, with shared: SharedMiddleware) {
        let calls = api.narrowed(by: FormParsing()).group("", shared.csrf(.preSession), shared.passkeyPerClient.perClient())
        calls.post(.passkeySignInOptions, use: options)
        calls.post(.passkeySignIn, use: signIn)
    }

    func options(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        let binding = context.anonymousBinding
        return passkeyOptions(request, context) { core in core.beginPasskeySignIn(binding: binding) }
    }

    func signIn(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        let json = Array((context.formData["credential"] ?? "").utf8)
        guard !json.isEmpty else { return context.refuse(.status(.badRequest), request) }
        let destination = context.formData[FormDescription.returnField].flatMap(LocalPath.init)?.value ?? SitePath.account.path
        let binding = context.anonymousBinding, previous = context.sessionToken
        let userAgent = request.headers["user-agent"], client = context.clientAddress, security = checks.security
        return pool.reply(.interactive, for: request, context, { core in
            let verified = core.signInWithPasskey(responseJSON: json, binding: binding)
            security.passkey(.signIn, verified, client: client)
            // A new session id at every sign-in, as after a password (against fixation). Every
            // ceremony requires user verification: the passkey is two factors already.
            return verified.flatMap { signedIn in
                SessionStart.replace(previous, with: signedIn.account, userAgent: userAgent, method: "passkey", secondFactorProven: true, in: core)
            }
        }) { [self] outcome in
            switch outcome {
            case .success(let started):
                let cookies = [
                    context.setCookie(.session, started.token, maxAge: sessionLifetime),
                    checks.rememberDevice(context, account: started.account),
                ]
                return .response(Responses.json(200, .object([("location", .string(destination))]), context: context, cookies: cookies))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(PasskeyMessages.refusal(failure, texts: forms.texts, context: context))
            }
        }
    }
}

extension SiteFeature {
    /// A passkey ceremony begun on the pool, its options for the page's script
    /// (`{"publicKey": …}`); a refusal in the script's JSON (`PasskeyMessages`), leading to
    /// `recentProofPage` when the ceremony needs a more recent proof of the owner.
    func passkeyOptions(
        _ request: HTTPRequest, _ context: some SiteRequestContext, recentProofPage: SitePath? = nil,
        _ begin: @escaping @Sendable (Authenticator) -> Result<JSONValue, AuthFailure>
    ) -> Reply {
        pool.reply(.interactive, begin) { [self] begun in
            switch begun {
            case .success(let options): return .response(Responses.json(200, .object([("publicKey", options)]), context: context))
            case .failure(.internalError(let error)): return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                let location = failure == .requiresRecentLogin ? recentProofPage?.path : nil
                return .response(PasskeyMessages.refusal(failure, texts: texts, context: context, location: location))
            }
        }
    }
}

/// What the page's script shows when a passkey ceremony is refused, in the page's language: a
/// message chosen by the failure, never its detail.
enum PasskeyMessages {
    static func text(_ failure: AuthFailure, texts: PageTexts, locale: String) -> String {
        switch failure {
        case .passkeyNotFound: texts.text(.passkeyErrorUnknown, locale)
        case .passkeyAlreadyRegistered: texts.text(.passkeyErrorExists, locale)
        case .passkeyRejected, .passkeyChallengeInvalid, .passkeysUnavailable: texts.text(.passkeyErrorFailed, locale)
        default: texts.message(for: failure, locale: locale)
        }
    }

    static func status(_ failure: AuthFailure) -> Int {
        switch failure {
        case .passkeyAlreadyRegistered: 409
        case .requiresRecentLogin, .userDisabled: 403
        case .userTokenExpired, .userNotFound: 401
        case .throttled: 429
        case .passkeysUnavailable: 404
        default: 422
        }
    }

    /// `{"error": {"code", "message"}}`, and `location` when the way on is another page (a
    /// registration that needs a recent sign-in goes to the confirmation page).
    static func refusal(_ failure: AuthFailure, texts: PageTexts, context: some SiteRequestContext, location: String? = nil) -> HTTPResponse {
        var members: JSONValue.Members = [
            ("error", .object([
                ("code", .string(failure.code.rawValue)), ("message", .string(text(failure, texts: texts, locale: context.locale))),
            ]))
        ]
        if let location { members.append(("location", .string(location))) }
        return Responses.json(status(failure), .object(members), context: context)
    }
}
