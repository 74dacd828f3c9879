import GenkanHTTP
import GenkanStore

/// What a form's anti-forgery token is bound to.
enum CSRFBinding: Sendable {
    /// The pre-session cookie (anonymous forms: sign-in, sign-up).
    case preSession
    /// The session cookie (forms of a signed-in visitor).
    case session
    /// Either (the live-validation API, called from both kinds of page).
    case either
}

/// Verifies the posted form's `csrf` token against the cookie it is bound to, in constant time:
/// 403 when it does not match. Runs on a posted form (`FormParsing` before it).
struct CSRFProtection<Context: PostedRequestContext>: Middleware {
    let binding: CSRFBinding
    let tokens: CSRFTokens

    init(_ binding: CSRFBinding, tokens: CSRFTokens) {
        self.binding = binding
        self.tokens = tokens
    }

    func handle(_ request: HTTPRequest, context: Context, next: @escaping RouteHandler<Context>) -> Reply {
        let token = context.formData["csrf"] ?? ""
        let anonymous = !context.isNewPreSession && tokens.isValid(token, for: context.anonymousBinding)
        let signedIn = context.sessionToken.map { tokens.isValid(token, for: SiteContext.sessionBinding($0)) } ?? false
        switch binding {
        case .preSession:
            guard anonymous else { return context.refuse(.status(.forbidden), request) }
        case .session:
            // A signed-in form posted without a session: the visitor signed out meanwhile.
            guard context.sessionToken != nil else { return context.refuse(.signInRequired(returnTo: nil), request) }
            guard signedIn else { return context.refuse(.status(.forbidden), request) }
        case .either:
            guard anonymous || signedIn else { return context.refuse(.status(.forbidden), request) }
        }
        return next(request, context)
    }
}

extension SiteContext {
    /// What a signed-in form's token is bound to: a hash of the session token, so the token
    /// itself never leaves the cookie.
    static func sessionBinding(_ token: String) -> String {
        "session:" + Secret.hex(AccountStore.sessionKey(token: token))
    }
}

extension SiteRequestContext {
    /// What an anonymous form's token is bound to.
    var anonymousBinding: String { "pre:" + preSession }

    /// The binding for a page's form: the session when the visitor has a session cookie and the
    /// form is for signed-in visitors, else the pre-session.
    func binding(_ binding: CSRFBinding) -> String {
        if binding != .preSession, let token = sessionToken { return SiteContext.sessionBinding(token) }
        return anonymousBinding
    }
}
