import GenkanStore
import GenkanValidation

/// What the router and the middleware learned about a request, handed down the chain to the
/// handler: a value, so what one middleware adds is seen only by what runs after it.
struct RequestContext: Sendable {
    // MARK: Set by the router
    /// The routes of the request's path, nil when no route has it (404).
    var route: RouteMatch?
    /// The matched route's form, when it has one: refusals show that form again.
    var form: FormDescription?
    var parameters = RouteParameters()
    /// How refusals read on this route: localized pages, or JSON under `/api/`.
    var errors: any ErrorPresenter

    // MARK: Set by `VisitorContext`
    var cookies = Cookies()
    var locale: String
    /// Set when `?lang=` chose the locale: the choice is remembered in a cookie.
    var chosenLocale: String?
    /// HTTPS, as the proxy reports it with `--trust-proxy`; cookies then get `Secure`.
    var isSecure = false
    /// The client's address (the proxy's view of it with `--trust-proxy`).
    var clientAddress = ""
    /// The pre-session value binding anonymous forms; `isNewPreSession` when made for this request.
    var preSession = ""
    var isNewPreSession = false

    // MARK: Set by `FormParsing`
    /// The posted form data.
    var formData: FormData?

    // MARK: Set by `FormValidating`
    /// The verdict on the route's form, valid (with the normalized values).
    var validation: FormValidation?

    // MARK: Set by `FirebaseBody`
    /// The Firebase-compatible API's request body (JSON, or the token endpoint's form).
    var api: APIRequestBody?

    // MARK: Set by `SessionLookup`
    /// The signed-in visitor, when the route looked the session up and it is live.
    var signedIn: SignedIn?
    /// A session cookie was sent but names no live session: responses delete it.
    var hasStaleSessionCookie = false

    init(locale: String, errors: any ErrorPresenter) {
        self.locale = locale
        self.errors = errors
    }

    static let sessionCookie = "genkan_session"
    static let preSessionCookie = "genkan_pre"
    static let languageCookie = "lang"

    /// The session token of the cookie, when it has a token's shape.
    var sessionToken: String? {
        guard let token = cookies[Self.sessionCookie], Secret.isTokenShaped(token) else { return nil }
        return token
    }

    /// The cookies every page and redirect for this request sets: the remembered language, a
    /// new pre-session, the deletion of a stale session cookie.
    var standingCookies: [SetCookie] {
        var cookies: [SetCookie] = []
        if let chosenLocale {
            cookies.append(SetCookie(name: Self.languageCookie, value: chosenLocale, maxAge: 365 * 86_400, secure: isSecure))
        }
        if isNewPreSession {
            cookies.append(SetCookie(name: Self.preSessionCookie, value: preSession, secure: isSecure))
        }
        if hasStaleSessionCookie {
            cookies.append(SetCookie.deletion(Self.sessionCookie, secure: isSecure))
        }
        return cookies
    }
}

/// A live session and its account.
struct SignedIn: Sendable {
    let token: String
    let session: Session
    let account: Account
}
