import GenkanHTTP
import GenkanStore

/// The console's door: a live session whose account is an administrator (`accounts.admin_since`,
/// read with the account row every session look-up reads) goes on as an `AdminContext`; anyone
/// else — no session, an ended one, any other account — gets the site's 404, as for a path that
/// does not exist.
struct RequireAdministrator: Middleware {
    let pool: WorkerPool<Authenticator>
    let failures: StoreFailures

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<AdminContext>) -> Reply {
        guard let token = context.sessionToken else { return context.refuse(.status(.notFound), request) }
        return SessionLookup.lookUp(token, request, context, pool: pool, failures: failures) { context, signedIn in
            guard let signedIn, signedIn.account.isAdministrator, !signedIn.account.isDisabled else {
                return context.refuse(.status(.notFound), request)
            }
            return next(request, AdminContext(site: context, signedIn: signedIn))
        }
    }
}

/// A context of the console: a live session of an administrator (`RequireAdministrator`).
struct AdminContext: SignedInRequestContext {
    var site: SiteContext
    let signedIn: SignedIn

    var posted: FormData? { nil }
}
