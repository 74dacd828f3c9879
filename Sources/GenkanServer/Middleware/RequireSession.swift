import GenkanHTTP
import GenkanStore

/// Looks the session cookie up (as `SessionLookup` does) and hands on a `SignedInContext`: the
/// account and the session are there for every handler behind it. Without a live session the
/// visitor goes to sign-in, with the page to come back to when it is a local path other than
/// `/account`.
struct RequireSession: Middleware {
    let pool: WorkerPool<Authenticator>
    let failures: StoreFailures

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SignedInContext>) -> Reply {
        guard let token = context.sessionToken else {
            return context.refuse(.signInRequired(returnTo: Self.returnPath(request)), request)
        }
        return SessionLookup.lookUp(token, request, context, pool: pool, failures: failures) { context, signedIn in
            guard let signedIn else { return context.refuse(.signInRequired(returnTo: Self.returnPath(request)), request) }
            return next(request, SignedInContext(site: context, signedIn: signedIn))
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
