import GenkanHTTP
import GenkanLocalization
import GenkanStore

/// Every context of the site: the root (`SiteContext`) and each context a group narrows it to,
/// which holds the root and what its middleware found — `SessionContext` (a session looked up,
/// maybe none), `SignedInContext` (a live session and its account), `PostedContext` (a posted
/// form), `FormContext` (the route's form, valid), `APIContext` (the Firebase API's body).
///
/// Pages, redirects and refusals are written from any of them (`some SiteRequestContext`): the
/// visitor's language and cookies come from the root, and a refusal shows what this context knows
/// (the posted form again, the signed-in account's name).
protocol SiteRequestContext: RequestContext {
    /// The root context: the route's form and presenter, the visitor.
    var site: SiteContext { get set }
    /// The signed-in account, when this route looked the session up and found one.
    var account: Account? { get }
    /// The posted form, when this route read one (a refusal shows what was typed again).
    var posted: FormData? { get }
}

extension SiteRequestContext {
    var core: CoreContext {
        get { site.core }
        set { site.core = newValue }
    }

    /// Refusals read as the route's presenter writes them, with what this context knows.
    func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse {
        site.errors.response(for: SiteRefusal(refusal), request: request, context: self)
    }

    /// The response that refuses this request, in the form its route's clients read.
    func refuse(_ refusal: SiteRefusal, _ request: HTTPRequest) -> Reply {
        .response(site.errors.response(for: refusal, request: request, context: self))
    }

    /// Sign-in, for a session that ended while its page was open (signed out elsewhere, a
    /// password changed on another device): the browser's session cookie is deleted too.
    func refuseEndedSession(_ request: HTTPRequest) -> Reply {
        var signedOut = self
        signedOut.site.hasStaleSessionCookie = true
        return signedOut.refuse(.signInRequired(returnTo: nil), request)
    }

    /// The route's form, when it has one.
    var form: FormDescription? { site.form }
    /// The visitor's language.
    var locale: String { site.locale }

    /// The value of the site's cookie `name`, under the name this request's scheme uses.
    func cookie(_ name: CookieName) -> String? {
        site.cookies[name.name(secure: isSecure)]
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
    var preSession: String { site.preSessionSlot.value }

    /// Whether the visitor came without a valid pre-session.
    var isNewPreSession: Bool { site.preSessionSlot.isNew }

    /// The cookies every page and redirect for this request sets: the remembered language, the
    /// pre-session minted for it, the deletion of a stale session cookie.
    var standingCookies: [SetCookie] {
        var cookies: [SetCookie] = []
        if let chosenLocale = site.chosenLocale { cookies.append(setCookie(.language, chosenLocale, maxAge: 365 * 86_400)) }
        if let minted = site.preSessionSlot.mintedValue {
            cookies.append(setCookie(.preSession, minted, maxAge: site.preSessionSlot.lifetime))
        }
        if site.hasStaleSessionCookie { cookies.append(deletingCookie(.session)) }
        return cookies
    }
}
