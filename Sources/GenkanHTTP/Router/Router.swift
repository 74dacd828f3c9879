/// Collects an application's routes at start: each feature registers its own on the router or on
/// a group, and `build()` freezes them into the `RouteTable` that answers requests.
///
/// ```swift
/// let router = Router<BasicContext>()
/// router.use(SecurityHeaders())
/// router.get("/hello") { _, _ in .response(HTTPResponse(status: 200, body: .text("hello\n"))) }
/// let server = try HTTPServer(configuration: HTTPServerConfiguration(), responder: router.build())
/// ```
///
/// Registering and building are `@inlinable`: the chains they compose are then compiled for the
/// application's own context type, so a request runs no generic code.
public final class Router<Context: RouterContext> {
    @usableFromInline
    struct Route {
        @usableFromInline let method: String
        @usableFromInline let path: RoutePath
        @usableFromInline let attributes: Context.RouteAttributes
        /// The handler with its group's middleware composed (the router's own come at `build()`).
        @usableFromInline let handler: RouteHandler<Context>

        @usableFromInline
        init(method: String, path: RoutePath, attributes: Context.RouteAttributes, handler: @escaping RouteHandler<Context>) {
            self.method = method
            self.path = path
            self.attributes = attributes
            self.handler = handler
        }
    }

    @usableFromInline private(set) var routes: [Route] = []
    @usableFromInline private(set) var middleware: [any Middleware<Context, Context>] = []
    /// Path prefixes whose unmatched paths take other attributes (the site: `/api/` answers in JSON).
    @usableFromInline private(set) var prefixAttributes: [(prefix: String, attributes: Context.RouteAttributes)] = []
    /// The attributes of routes outside any group that chooses its own, and of unknown paths.
    public let attributes: Context.RouteAttributes
    /// Who sent each request (`RequestContext.clientAddress`, `clientKey`, `isSecure`).
    public var clients = ClientResolution()

    public init(attributes: Context.RouteAttributes) {
        self.attributes = attributes
    }

    /// Adds middleware that runs for every request, matched or not, in the order given.
    public func use(_ middleware: any Middleware<Context, Context>...) {
        self.middleware += middleware
    }

    /// A group of routes under `prefix` that share `middleware` (run after the router's own,
    /// in the order given).
    @inlinable
    public func group(_ prefix: String = "", _ middleware: any Middleware<Context, Context>...) -> RouteGroup<Context, Context> {
        group(prefix, middleware)
    }

    /// A group with a list of middleware built elsewhere.
    @inlinable
    public func group(_ prefix: String, _ middleware: [any Middleware<Context, Context>]) -> RouteGroup<Context, Context> {
        RouteGroup(router: self, prefix: "", attributes: attributes, wrap: { $0 }).group(prefix, middleware)
    }

    @usableFromInline
    func add(_ route: Route) {
        precondition(
            !routes.contains { $0.method == route.method && $0.path == route.path },
            "\(route.method) \(route.path) is registered twice")
        routes.append(route)
    }

    @usableFromInline
    func addPrefix(_ prefix: String, attributes: Context.RouteAttributes) {
        prefixAttributes.append((prefix, attributes))
    }

    /// The table that answers requests: every route with its context and middleware composed.
    @inlinable
    public func build() -> RouteTable {
        let middleware = self.middleware
        // The router's middleware around `handler`, behind the context of `attributes`.
        func entry(_ attributes: Context.RouteAttributes, _ handler: @escaping RouteHandler<Context>) -> RouteTable.Entry {
            let chain = compose(middleware, around: handler)
            return { request, core in chain(request, Context(core: core, route: attributes)) }
        }
        func fallback(_ attributes: Context.RouteAttributes) -> RouteTable.Fallback {
            RouteTable.Fallback(
                notFound: entry(attributes) { request, context in context.refusing(.status(404), request) },
                terminal: { refusal, request, core in
                    let chain = compose(middleware) { request, context in .response(context.response(for: refusal, to: request)) }
                    guard case .response(let response) = chain(request, Context(core: core, route: attributes)) else {
                        preconditionFailure("the router's middleware answers a refusal at once")
                    }
                    return response
                })
        }
        return RouteTable(
            routes: routes.map { route in
                let attributes = route.attributes
                return (
                    route.method, route.path, attributes as any Sendable, entry(attributes, route.handler),
                    { allowed in entry(attributes) { request, context in context.refusing(.methodNotAllowed(allowed: allowed), request) } }
                )
            },
            prefixes: prefixAttributes.map { ($0.prefix, fallback($0.attributes)) }, fallback: fallback(attributes), clients: clients)
    }
}

extension Router where Context.RouteAttributes == Void {
    /// A router whose routes tell their contexts nothing.
    public convenience init() {
        self.init(attributes: ())
    }
}

extension Router {
    @inlinable
    public func get(_ path: String, use handler: @escaping RouteHandler<Context>) {
        group().get(path, use: handler)
    }

    @inlinable
    public func post(_ path: String, use handler: @escaping RouteHandler<Context>) {
        group().post(path, use: handler)
    }
}
