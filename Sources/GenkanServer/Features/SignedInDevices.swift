import GenkanHTTP
import GenkanStore

/// `/account/sessions`: every session of the account (when it signed in, when it was last
/// active, its browser, "this device"), each with "sign out", and "sign out everywhere else".
struct SignedInDevices: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.signedIn(router.group()).get(.accountSessions, use: show)
        let post = shared.signedInPosts(router.group())
        post.post(.accountSessionsEnd, use: end)
        post.post(.accountSessionsEndOthers, use: endOthers)
    }

    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        return fromStore(request, context, { core throws(StoreError) in
            try core.sessions(accountID: signedIn.account.id, currentToken: signedIn.token)
        }) { [forms] sessions in
            let csrf = forms.tokens.token(for: SiteContext.sessionBinding(signedIn.token))
            let notice = context.notice?.text(forms.texts, account: signedIn.account, locale: context.locale)
            let html = forms.renderer.sessions(sessions, locale: context.locale, timeZone: context.timeZone, csrf: csrf, notice: notice)
            return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
        }
    }

    /// Signs one other device out (this one signs out with the sign-out button).
    func end(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        guard let handle = context.formData["session"], handle.utf8.count <= 64 else {
            return context.refuse(.status(.badRequest), request)
        }
        return fromStore(request, context, { core throws(StoreError) in
            try core.endSession(accountID: signedIn.account.id, handle: handle)
        }) { _ in
            .response(Responses.redirect(.accountSessions, context: context, cookies: [Notice.sessionEnded.cookie(context)]))
        }
    }

    func endOthers(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        return fromStore(request, context, { core throws(StoreError) in
            try core.endOtherSessions(sessionToken: signedIn.token)
        }) { count in
            .response(Responses.redirect(.accountSessions, context: context, cookies: [Notice.otherSessionsEnded(count).cookie(context)]))
        }
    }
}
