import GenkanHTTP
import GenkanStore

/// Looks the session cookie up in the store (on the worker pool) and hands on a `SessionContext`
/// with the signed-in visitor, or none: for pages that read differently for a signed-in visitor.
/// A cookie that names no live session is deleted by the responses.
struct SessionLookup: Middleware {
    let pool: WorkerPool<Authenticator>
    let failures: StoreFailures

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SessionContext>) -> Reply {
        guard let token = context.sessionToken else { return next(request, SessionContext(site: context, signedIn: nil)) }
        return Self.lookUp(token, request, context, pool: pool, failures: failures) { context, signedIn in
            next(request, SessionContext(site: context, signedIn: signedIn))
        }
    }

    /// The session of `token` on the pool, then `found` on the loop with the context (marked when
    /// the cookie is stale) and the live session, if any; a store failure is refused as every one is.
    static func lookUp(
        _ token: String, _ request: HTTPRequest, _ context: SiteContext, pool: WorkerPool<Authenticator>, failures: StoreFailures,
        found: @escaping @Sendable (SiteContext, SignedIn?) -> Reply
    ) -> Reply {
        pool.reply(.interactive, { core in Result { () throws(StoreError) in try core.session(token: token) } }) { result in
            var context = context
            switch result {
            case .success(.some(let live)):
                return found(context, SignedIn(token: token, session: live.session, account: live.account))
            case .success(.none):
                context.hasStaleSessionCookie = true
                return found(context, nil)
            case .failure(let error):
                return failures.refuse(error, request: request, context: context)
            }
        }
    }
}
