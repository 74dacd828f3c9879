/// Collects an application's routes at start: each feature registers its own on the router or on
/// a group, and `build()` freezes them into the `RouteTable` that answers requests.
///
/// ```swift
/// let router = Router<BasicContext>()
/// router.use(SecurityHeaders())
/// router.get("/hello") { _, _ in .response(HTTPResponse(status: 200, body: .text("hello\n"))) }
/// let server = try HTTPServer(configuration: HTTPServerConfiguration(), responder: router.build())
/// ```
public final class Router<Context: RouterContext> {
    struct Route {
        let method: String
        let path: RoutePath
        let attributes: Context.RouteAttributes
        /// The handler with its group's middleware composed (the router's own come at `build()`).
        let handler: RouteHandler<Context>
    }

    private(set) var routes: [Route] = []
    private(set) var middleware: [any Middleware<Context, Context>] = []
    /// Path prefixes whose unmatched paths take other attributes (the site: `/api/` answers in JSON).
    private(set) var prefixAttributes: [(prefix: String, attributes: Context.RouteAttributes)] = []
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
    public func group(_ prefix: String = "", _ middleware: any Middleware<Context, Context>...) -> RouteGroup<Context, Context> {
        group(prefix, middleware)
    }

    /// A group with a list of middleware built elsewhere.
    public func group(_ prefix: String, _ middleware: [any Middleware<Context, Context>]) -> RouteGroup<Context, Context> {
        RouteGroup(router: self, prefix: "", attributes: attributes, wrap: { $0 }).group(prefix, middleware)
    }

    func add(_ route: Route) {
        precondition(
            !routes.contains { $0.method == route.method && $0.path == route.path },
            "\(route.method) \(route.path) is registered twice")
        routes.append(route)
    }

    func addPrefix(_ prefix: String, attributes: Context.RouteAttributes) {
        prefixAttributes.append((prefix, attributes))
    }

    /// The table that answers requests: every route with its middleware composed.
    public func build() -> RouteTable<Context> {
        RouteTable(router: self)
    }
}

extension Router where Context.RouteAttributes == Void {
    /// A router whose routes tell their contexts nothing.
    public convenience init() {
        self.init(attributes: ())
    }
}

extension Router {
    public func get(_ path: String, use handler: @escaping RouteHandler<Context>) {
        group().get(path, use: handler)
    }

    public func post(_ path: String, use handler: @escaping RouteHandler<Context>) {
        group().post(path, use: handler)
    }
}
