import GenkanHTTP
import GenkanStore

/// `POST /signout`: ends the session on the server and in the browser. The form's token must be
/// bound to the session, so no other site can sign a visitor out.
struct SignOut: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        router.group().narrowed(by: FormParsing()).group("", shared.csrf(.session)).post(.signOut, use: submit)
    }

    func submit(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        guard let token = context.sessionToken else { return context.refuse(.signInRequired(returnTo: nil), request) }
        return fromStore(request, context, { core throws(StoreError) in try core.signOut(sessionToken: token) }) { _ in
            .response(Responses.redirect(.signIn, context: context, cookies: [context.deletingCookie(.session)]))
        }
    }
}
