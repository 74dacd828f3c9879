import GenkanHTTP

/// With `--require-verified`: a signed-in account whose address is not verified reaches only the
/// "verify your e-mail" page (as the seed app routed an unverified user).
struct RequireVerified: Middleware {
    func handle(_ request: HTTPRequest, context: SignedInContext, next: @escaping RouteHandler<SignedInContext>) -> Reply {
        guard !context.signedIn.account.isVerified else { return next(request, context) }
        return .response(Responses.redirect(.verifyEmailRequired, context: context))
    }
}
