import GenkanHTTP
import GenkanLocalization
import GenkanStore
import GenkanValidation

/// The site's request context: what the router and the middleware learned about a request,
/// handed down the chain to the handler. A value, so what one middleware adds is seen only by
/// what runs after it.
struct SiteContext: RouterContext {
    // MARK: Set by the router
    /// The route's parameters and the client (`ClientResolution`).
    var core: CoreContext
    /// The matched route's form, when it has one: refusals show that form again.
    var form: FormDescription?
    /// How refusals read on this route: localized pages, or JSON under `/api/`.
    var errors: any ErrorPresenter

    init(core: CoreContext, route: SiteRoute) {
        self.core = core
        form = route.form
        errors = route.errors
    }

    func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse {
        errors.response(for: SiteRefusal(refusal), request: request, context: self)
    }

    // MARK: Set by `VisitorContext`
    var cookies = Cookies()
    var locale = "en"
    /// Set when `?lang=` chose the locale: the choice is remembered in a cookie.
    var chosenLocale: String?
    /// The pre-session binding anonymous forms, minted when first read if the visitor had none.
    var preSessionSlot = PreSessionSlot(cookie: nil, now: 0, lifetime: 0)

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

    /// The value of the site's cookie `name`, under the name this request's scheme uses.
    func cookie(_ name: CookieName) -> String? {
        cookies[name.name(secure: isSecure)]
    }

    /// A `Set-Cookie` for the site's cookie `name`: `Secure` and `__Host-` over HTTPS.
    func setCookie(_ name: CookieName, _ value: String, maxAge: Int64? = nil) -> SetCookie {
        SetCookie(name: name.name(secure: isSecure), value: value, maxAge: maxAge, secure: isSecure)
    }

    /// The `Set-Cookie` that deletes the site's cookie `name`.
    func deletingCookie(_ name: CookieName) -> SetCookie {
        SetCookie.deletion(name.name(secure: isSecure), secure: isSecure)
    }

    /// The reader's time zone, when the browser said which (the `genkan_tz` cookie, set by the
    /// script) and ICU knows it; nil otherwise, and dates are then shown in UTC, saying so.
    var timeZone: String? {
        cookie(.timeZone).flatMap(LocalizedDate.canonicalTimeZone)
    }

    /// The session token of the cookie, when it has a token's shape.
    var sessionToken: String? {
        guard let token = cookie(.session), Secret.isTokenShaped(token) else { return nil }
        return token
    }

    /// The pre-session value binding anonymous forms (minted now if the visitor had none).
    var preSession: String { preSessionSlot.value }

    /// Whether the visitor came without a valid pre-session.
    var isNewPreSession: Bool { preSessionSlot.isNew }

    /// The cookies every page and redirect for this request sets: the remembered language, the
    /// pre-session minted for it, the deletion of a stale session cookie.
    var standingCookies: [SetCookie] {
        var cookies: [SetCookie] = []
        if let chosenLocale { cookies.append(setCookie(.language, chosenLocale, maxAge: 365 * 86_400)) }
        if let minted = preSessionSlot.mintedValue {
            cookies.append(setCookie(.preSession, minted, maxAge: preSessionSlot.lifetime))
        }
        if hasStaleSessionCookie { cookies.append(deletingCookie(.session)) }
        return cookies
    }
}

/// A live session and its account.
struct SignedIn: Sendable {
    let token: String
    let session: Session
    let account: Account
}

/// What a route tells the contexts of its requests before any middleware runs: how its refusals
/// read, and its form (refusals show it again).
struct SiteRoute: Sendable {
    var errors: any ErrorPresenter
    var form: FormDescription?
}

extension FormParsing where Context == SiteContext, NextContext == SiteContext {
    /// The posted form into `SiteContext.formData`.
    init() {
        self.init { context, form in
            var context = context
            context.formData = form
            return context
        }
    }
}
