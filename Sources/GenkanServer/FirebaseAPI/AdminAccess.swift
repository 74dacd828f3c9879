import GenkanHTTP
import GenkanStore

/// The admin endpoints (`/v1/projects/{project}/accounts…`) answer only the project's owner: in
/// emulator mode, whoever sends `Authorization: Bearer owner`, as the Auth emulator and the Admin
/// SDKs pointed at it do; otherwise a backend holding a registered service account's key
/// (`--firebase-service-account`), with a JWT it signed as its bearer token — Google's
/// "self-signed JWT" (`iss` and `sub` the account's address, `aud`
/// `https://identitytoolkit.googleapis.com/`, an hour at most), which google-auth's
/// `jwt.Credentials` makes. Everyone else gets 403 `INSUFFICIENT_PERMISSION`.
struct AdminAccess: Middleware {
    let project: String
    let isEmulator: Bool
    var serviceAccounts = ServiceAccounts([])
    var clock: StoreClock = .system

    /// The audiences a bearer JWT may name: the Identity Toolkit service, as Google's self-signed
    /// JWTs name a service.
    static let audiences: Set<String> = ["https://identitytoolkit.googleapis.com/", "https://identitytoolkit.googleapis.com"]

    func handle(_ request: HTTPRequest, context: APIContext, next: @escaping RouteHandler<APIContext>) -> Reply {
        guard let authorization = request.headers["authorization"], isOwner(authorization) else {
            return context.refuse(.status(.forbidden), request)
        }
        guard context.parameters["project"] == project else { return context.refuse(.status(.notFound), request) }
        return next(request, context)
    }

    private func isOwner(_ authorization: String) -> Bool {
        if isEmulator { return authorization == "Bearer owner" }
        guard !serviceAccounts.isEmpty, authorization.hasPrefix("Bearer ") else { return false }
        let token = String(authorization.dropFirst("Bearer ".count))
        guard case .valid(let claims, _) = serviceAccounts.verify(token, now: clock.now()),
            let audience = claims[member: "aud"]?.stringValue, Self.audiences.contains(audience)
        else { return false }
        return true
    }
}
