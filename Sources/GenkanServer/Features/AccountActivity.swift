import GenkanHTTP
import GenkanStore

/// `/account/activity`: what happened to the account in the last 30 days, from the event log;
/// and "this wasn't me": every session and app of the account ends, this browser's too, and the
/// browser lands on the password reset with a notice saying so.
struct AccountActivity: SiteFeature {
    let site: SiteServices

    /// How far back the page reads, and at most how many events (a month of a busy account).
    static let days = 30
    static let limit = 300

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.signedIn(router.group()).get(.accountActivity, use: show)
        shared.signedInPosts(router.group()).post(.accountActivityNotMe, use: notMe)
    }

    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return fromStore(request, context, { core throws(StoreError) in
            try core.recentEvents(uid: signedIn.account.uid, days: Self.days, limit: Self.limit)
        }) { [forms] events in
            let csrf = forms.tokens.token(for: SiteContext.sessionBinding(signedIn.token))
            let notice = context.notice?.text(forms.texts, account: signedIn.account, locale: context.locale)
            let html = forms.renderer.activity(events, locale: context.locale, timeZone: context.timeZone, csrf: csrf, notice: notice)
            return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
        }
    }

    /// Signs the account out everywhere, this browser included, then shows the password reset:
    /// whoever else holds the password or a session is out, and a new password is a link away.
    func notMe(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let token = context.signedIn.token
        return fromStore(request, context, { core throws(StoreError) in try core.signOutEverywhere(sessionToken: token) }) { _ in
            .response(
                Responses.redirect(
                    .passwordForgot, context: context, cookies: [context.deletingCookie(.session), Notice.signedOutEverywhere.cookie(context)]))
        }
    }
}
