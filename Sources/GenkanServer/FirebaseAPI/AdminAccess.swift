/// The admin endpoints (`/v1/projects/{project}/accounts…`) answer only the project's owner: in
/// emulator mode, whoever sends `Authorization: Bearer owner`, as the Auth emulator and the Admin
/// SDKs pointed at it do. Without `--firebase-emulator` Genkan has no service-account credentials
/// to check, so these endpoints refuse everyone (403 `INSUFFICIENT_PERMISSION`).
struct AdminAccess: Middleware {
    let project: String
    let isEmulator: Bool

    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        guard isEmulator, request.headers["authorization"] == "Bearer owner" else {
            return context.refuse(.status(.forbidden), request)
        }
        guard context.parameters["project"] == project else { return context.refuse(.status(.notFound), request) }
        return next(request, context)
    }
}
