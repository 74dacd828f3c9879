import GenkanHTTP
import GenkanStore

/// Looks the session cookie up in the store (on the worker pool) and puts the signed-in visitor
/// into the context. `required` (RequireSession): without a live session, the visitor goes to
/// sign-in, with the page to come back to when it is a local path other than `/account`.
struct SessionLookup: Middleware {
    let pool: WorkerPool<AccountStore>
    let required: Bool
    let failures: StoreFailures

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SiteContext>) -> Reply {
        guard let token = context.sessionToken else {
            return required ? context.refuse(.signInRequired(returnTo: Self.returnPath(request)), request) : next(request, context)
        }
        let required = self.required, failures = self.failures
        return pool.reply(.interactive, { store in Result { () throws(StoreError) in try store.session(token: token) } }) {
            found in
            var context = context
            switch found {
            case .success(.some(let live)):
                context.signedIn = SignedIn(token: token, session: live.session, account: live.account)
            case .success(.none):
                context.hasStaleSessionCookie = true
                if required { return context.refuse(.signInRequired(returnTo: Self.returnPath(request)), request) }
            case .failure(let error):
                return failures.refuse(error, request: request, context: context)
            }
            return next(request, context)
        }
    }

    /// The page to return to after signing in: the request's own path and query for a GET, when
    /// that is not where sign-in leads anyway.
    static func returnPath(_ request: HTTPRequest) -> String? {
        guard request.method == "GET" || request.method == "HEAD", request.path != SitePath.account.path else { return nil }
        let target = request.query.isEmpty ? request.path : request.path + "?" + request.query
        return LocalPath(target)?.value
    }
}
