import GenkanStore

/// The request context: the visitor's cookies, language (`?lang=`, then the `lang` cookie, then
/// `Accept-Language`), client address and scheme (HTTPS when `--base-url` says so, or when a trusted
/// proxy's headers do, see `TrustedProxies`), and the pre-session that binds anonymous forms (replaced once it is older
/// than `preSessionLifetime`).
struct VisitorContext: Middleware {
    let texts: PageTexts
    let locales: LocaleCache
    let proxies: TrustedProxies
    let clock: StoreClock
    let preSessionLifetime: Int64
    /// `--base-url` is `https://`: the site is served over HTTPS, so its cookies are `Secure` and
    /// `__Host-` whatever a proxy reports (a TLS terminator that sends no `X-Forwarded-Proto`).
    var servedOverHTTPS = false

    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        var context = context
        let client = proxies.client(peer: request.peerAddress, headers: request.headers)
        context.clientAddress = client.text
        context.clientKey = client.key
        context.isSecure = servedOverHTTPS || client.isSecure
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
        let now = clock.now()
        context.preSessionLifetime = preSessionLifetime
        if let value = context.cookie(.preSession), PreSession(cookie: value, now: now, lifetime: preSessionLifetime) != nil {
            context.preSession = value
        } else {
            context.preSession = PreSession.new(now: now).value
            context.isNewPreSession = true
        }
        return next(request, context)
    }
}
