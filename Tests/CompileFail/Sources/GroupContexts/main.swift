// Contexts that groups narrow, as the site has them (Sources/GenkanServer/Router/): the router's
// context for every request, and a signed-in one that only `RequireSession` hands on.
import GenkanHTTP

struct Visitor: RouterContext {
    var core: CoreContext
    init(core: CoreContext, route: Void) { self.core = core }
    func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse { refusal.plainResponse }
}

struct SignedIn: RequestContext {
    var core: CoreContext
    /// Not optional: a handler that takes this context has an account.
    let account: String
    func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse { refusal.plainResponse }
}

struct RequireSession: Middleware {
    func handle(_ request: HTTPRequest, context: Visitor, next: @escaping RouteHandler<SignedIn>) -> Reply {
        guard let account = request.headers["x-account"] else { return .response(HTTPResponse(status: 303)) }
        return next(request, SignedIn(core: context.core, account: account))
    }
}

func settings(_ request: HTTPRequest, _ context: SignedIn) -> Reply {
    .response(HTTPResponse(status: 200, body: .text("settings of \(context.account)\n")))
}

let router = Router<Visitor>()
router.group("/account").narrowed(by: RequireSession()).get("/settings", use: settings)
#if WRONG_GROUP
router.group("/public").get("/settings", use: settings)  // the mistake the types refuse
#endif
_ = router.build()
