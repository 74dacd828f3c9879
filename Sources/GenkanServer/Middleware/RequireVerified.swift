import GenkanHTTP

/// With `--require-verified`: a signed-in account whose address is not verified reaches only the
/// "verify your e-mail" page (as the seed app routed an unverified user). Runs after a required `SessionLookup`.
struct RequireVerified: Middleware {

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SiteContext>) -> Reply {
        guard let account = context.signedIn?.account, !account.isVerified else { return next(request, context) }
        return .response(Responses.redirect(.verifyEmailRequired, context: context))
    }
}
