import GenkanHTTP
import GenkanStore

/// The request context: the visitor's cookies (under the names the scheme the router found uses,
/// `ClientResolution`), language (`?lang=`, then the `lang` cookie, then `Accept-Language`), and the
/// pre-session that binds anonymous forms (replaced once it is older than `preSessionLifetime`;
/// a new one is minted only when something reads it, `PreSessionSlot`).
struct VisitorContext: Middleware {
    let texts: PageTexts
    let locales: LocaleCache
    let clock: StoreClock
    let preSessionLifetime: Int64

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SiteContext>) -> Reply {
        var context = context
        context.cookies = Cookies(headers: request.headers)
        if !request.query.isEmpty, let asked = (try? FormData(query: request.query))?["lang"],
            let locale = texts.supportedLocale(asked)
        {
            context.locale = locale
            context.chosenLocale = locale
        } else if let saved = context.cookie(.language), let locale = texts.supportedLocale(saved) {
            context.locale = locale
        } else {
            context.locale = locales.locale(acceptLanguage: request.headers["accept-language"] ?? "", loop: request.loop)
        }
        context.preSessionSlot = PreSessionSlot(cookie: context.cookie(.preSession), now: clock.now(), lifetime: preSessionLifetime)
        return next(request, context)
    }
}
