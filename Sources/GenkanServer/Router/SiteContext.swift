import GenkanHTTP
import GenkanLocalization
import GenkanStore
import GenkanValidation

/// The site's first context, which the router makes for every request: the route's form and
/// presenter, then the visitor (`VisitorContext`: cookies, language, pre-session). A value, so what
/// one middleware adds is seen only by what runs after it.
///
/// What only some routes look up is not here but in the context their group narrows to
/// (`SiteRequestContext` lists them): a handler that takes `SignedInContext` has an account and a
/// session, one that takes `FormContext` a valid form, one that takes `APIContext` a request body.
struct SiteContext: RouterContext, SiteRequestContext {
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

    var site: SiteContext {
        get { self }
        set { self = newValue }
    }

    /// The root context has looked nothing up.
    var account: Account? { nil }
    var posted: FormData? { nil }

    // MARK: Set by `VisitorContext`
    var cookies = Cookies()
    var locale = "en"
    /// Set when `?lang=` chose the locale: the choice is remembered in a cookie.
    var chosenLocale: String?
    /// The pre-session binding anonymous forms, minted when first read if the visitor had none.
    var preSessionSlot = PreSessionSlot(cookie: nil, now: 0, lifetime: 0)

    // MARK: Set by `SessionLookup`
    /// A session cookie was sent but names no live session: responses delete it.
    var hasStaleSessionCookie = false
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
