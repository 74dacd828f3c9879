import GenkanStore

/// The request context: the visitor's cookies, language (`?lang=`, then the `lang` cookie, then
/// `Accept-Language`), client address and scheme (from the proxy with `--trust-proxy`), and the
/// pre-session that binds anonymous forms.
struct VisitorContext: Middleware {
    let texts: PageTexts
    let locales: LocaleCache
    let trustProxy: Bool

    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        var context = context
        context.cookies = Cookies(headers: request.headers)
        if !request.query.isEmpty, let asked = (try? FormData(query: request.query))?["lang"],
            let locale = texts.supportedLocale(asked)
        {
            context.locale = locale
            context.chosenLocale = locale
        } else if let saved = context.cookies[RequestContext.languageCookie], let locale = texts.supportedLocale(saved) {
            context.locale = locale
        } else {
            context.locale = locales.locale(acceptLanguage: request.headers["accept-language"] ?? "", loop: request.loop)
        }
        if trustProxy {
            context.isSecure = request.headers["x-forwarded-proto"]?.lowercased() == "https"
            let forwarded = request.headers.values("x-forwarded-for").joined(separator: ",")
            let last = forwarded.split(separator: ",").last.map { String($0).trimmingASCIIWhitespace() }
            context.clientAddress = last.flatMap { $0.isEmpty ? nil : $0 } ?? request.peerAddress
        } else {
            context.clientAddress = request.peerAddress
        }
        if let existing = context.cookies[RequestContext.preSessionCookie], Secret.isTokenShaped(existing) {
            context.preSession = existing
        } else {
            context.preSession = Secret.token()
            context.isNewPreSession = true
        }
        return next(request, context)
    }
}
