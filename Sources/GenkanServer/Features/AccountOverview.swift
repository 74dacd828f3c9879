import GenkanHTTP
import GenkanStore

/// `/account`, the signed-in page, and `/`, which leads to it or to sign-in.
struct AccountOverview: Sendable {
    let renderer: PageRenderer
    let tokens: CSRFTokens

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.visitor(router.group()).get("/", use: root)
        shared.signedIn(router.group()).get(.account, use: show)
    }

    func root(_ request: HTTPRequest, _ context: SessionContext) -> Reply {
        .response(Responses.redirect(context.signedIn == nil ? SitePath.signIn : .account, context: context))
    }

    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        let csrf = tokens.token(for: SiteContext.sessionBinding(signedIn.token))
        let notice = context.notice
        let html = renderer.account(
            signedIn.account, locale: context.locale, timeZone: context.timeZone, csrf: csrf,
            notice: notice?.text(renderer.texts, account: signedIn.account, locale: context.locale))
        return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
    }
}
