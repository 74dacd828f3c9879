/// What the router and the middleware learned about a request, handed down the chain to the
/// handler: a value, so what one middleware adds is seen only by what runs after it.
///
/// An application defines its own contexts. The router makes the first one for each request
/// (`RouterContext`); a middleware may hand the next step another type (`Middleware.NextContext`)
/// that holds what it found as a value that is not optional — a signed-in account, a validated
/// form — so a handler that needs that value takes that type, and cannot be registered on a
/// group where the middleware does not run: the mistake is a compile error, not a 500.
public protocol RequestContext: Sendable {
    /// What the router found before any middleware ran: the route's parameters and the client.
    var core: CoreContext { get set }

    /// The response that refuses `request` for `refusal`, in the form this route's clients read
    /// (a localized page, JSON): the router's 404 and 405, the engine's refusals, a middleware's.
    func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse
}

/// The context the router makes for each request, before any middleware runs.
public protocol RouterContext: RequestContext {
    /// What a route tells the context of its requests before any middleware runs (for a path
    /// that no route has, what its prefix or the router says): the site gives each route its
    /// form and the way its refusals read. `Void` when routes say nothing.
    associatedtype RouteAttributes: Sendable = Void

    init(core: CoreContext, route: RouteAttributes)
}

/// What the router sets on every context: the matched route's `{name}` parameters and who sent
/// the request (`ClientResolution`), resolved once so the access log, the limits and the cookies
/// all see the same client.
public struct CoreContext: Sendable {
    public var parameters: RouteParameters
    /// The client's address (a trusted proxy's view of it), as text.
    public var clientAddress: String
    /// What per-client limits and the hashing queue count by: the IPv4 address, or the IPv6 /64.
    public var clientKey: String
    /// Whether the request came over HTTPS (the site's base URL, or a trusted proxy says so):
    /// cookies are then `Secure` and may carry the `__Host-` prefix.
    public var isSecure: Bool

    public init(parameters: RouteParameters = RouteParameters(), clientAddress: String = "", clientKey: String = "", isSecure: Bool = false) {
        self.parameters = parameters
        self.clientAddress = clientAddress
        self.clientKey = clientKey
        self.isSecure = isSecure
    }
}

extension RequestContext {
    /// The values of the route's `{name}` segments.
    @inlinable
    public var parameters: RouteParameters { core.parameters }
    /// The client's address (a trusted proxy's view of it), as text.
    @inlinable
    public var clientAddress: String { core.clientAddress }
    /// What per-client limits count by: the IPv4 address, or the IPv6 /64.
    @inlinable
    public var clientKey: String { core.clientKey }
    /// Whether the request came over HTTPS.
    @inlinable
    public var isSecure: Bool { core.isSecure }
}

/// A context for applications whose routes need nothing but the router's: refusals are plain
/// text with their status.
public struct BasicContext: RouterContext {
    public var core: CoreContext

    public init(core: CoreContext, route: Void) {
        self.core = core
    }

    public func response(for refusal: Refusal, to request: HTTPRequest) -> HTTPResponse {
        refusal.plainResponse
    }
}
