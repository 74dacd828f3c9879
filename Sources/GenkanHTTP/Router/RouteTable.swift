/// The frozen routes: method and path to a handler with its middleware. A static path is one
/// dictionary look-up (hashing the request's own path string allocates nothing); paths with
/// parameters are tried in the order they were registered.
///
/// `HEAD` is answered by the `GET` handler (the engine leaves the body out), and a path that
/// exists for other methods gets 405 with an `Allow` header derived from the table. Every
/// handler, the 404 and the 405s are composed with the router's own middleware once, here.
public final class RouteTable<Context: RouterContext>: HTTPResponder {
    private let staticPaths: [String: PathRoutes<Context>]
    private let parameterPaths: [(path: RoutePath, routes: PathRoutes<Context>)]
    private let prefixAttributes: [(prefix: String, attributes: Context.RouteAttributes)]
    private let defaultAttributes: Context.RouteAttributes
    /// 404, behind the router's own middleware.
    private let notFound: RouteHandler<Context>
    /// The router's own middleware, for a terminal refusal (engine refusals, overload).
    private let routerMiddleware: [any Middleware<Context, Context>]
    private let clients: ClientResolution

    init(router: Router<Context>) {
        let middleware = router.middleware
        // Group the routes by path, in registration order.
        var paths: [RoutePath] = []
        var methods: [RoutePath: [(method: String, route: RouteEntry<Context>)]] = [:]
        for route in router.routes {
            if methods[route.path] == nil { paths.append(route.path) }
            methods[route.path, default: []].append(
                (route.method, RouteEntry(attributes: route.attributes, handler: compose(middleware, around: route.handler))))
        }
        var staticPaths: [String: PathRoutes<Context>] = [:]
        var parameterPaths: [(path: RoutePath, routes: PathRoutes<Context>)] = []
        for path in paths {
            let routes = PathRoutes(methods: methods[path] ?? [], middleware: middleware)
            if path.isStatic { staticPaths[path.description] = routes } else { parameterPaths.append((path, routes)) }
        }
        self.staticPaths = staticPaths
        self.parameterPaths = parameterPaths
        prefixAttributes = router.prefixAttributes.sorted { $0.prefix.utf8.count > $1.prefix.utf8.count }
        defaultAttributes = router.attributes
        notFound = compose(middleware) { request, context in context.refusing(.status(404), request) }
        routerMiddleware = middleware
        clients = router.clients
    }

    // MARK: HTTPResponder

    public func respond(to request: HTTPRequest) -> Reply {
        guard let found = lookUp(request.path) else {
            return notFound(request, Context(core: clients.core(of: request, parameters: RouteParameters()), route: attributes(forUnknown: request.path)))
        }
        let core = clients.core(of: request, parameters: found.parameters)
        guard let entry = found.routes.route(for: request.method) else {
            return found.routes.methodNotAllowed(request, Context(core: core, route: found.routes.attributes))
        }
        return entry.handler(request, Context(core: core, route: entry.attributes))
    }

    public func refusal(status: Int, request: HTTPRequest) -> HTTPResponse {
        terminal(.status(status), request: request) { $0.closesConnection = true }
    }

    public func overloaded(request: HTTPRequest) -> HTTPResponse {
        terminal(.overloaded(retryAfter: 1), request: request) { _ in }
    }

    // MARK: Routing

    /// Whether some route has `path` (what the router does first for every request).
    public func hasRoute(_ path: String) -> Bool {
        lookUp(path) != nil
    }

    func lookUp(_ path: String) -> (routes: PathRoutes<Context>, parameters: RouteParameters)? {
        if let routes = staticPaths[path] { return (routes, RouteParameters()) }
        for candidate in parameterPaths {
            if let parameters = candidate.path.match(path) { return (candidate.routes, parameters) }
        }
        return nil
    }

    private func attributes(forUnknown path: String) -> Context.RouteAttributes {
        prefixAttributes.first { path.hasPrefix($0.prefix) }?.attributes ?? defaultAttributes
    }

    /// A refusal that no route sees (the engine's 400/408/413/431, the pool's 503), still
    /// through the router's middleware so it is localized, secured and logged like the rest.
    private func terminal(_ refusal: Refusal, request: HTTPRequest, adjust: @escaping @Sendable (inout HTTPResponse) -> Void)
        -> HTTPResponse
    {
        let chain = compose(routerMiddleware) { request, context in
            var response = context.response(for: refusal, to: request)
            adjust(&response)
            return .response(response)
        }
        let context = Context(
            core: clients.core(of: request, parameters: RouteParameters()), route: attributes(forUnknown: request.path))
        guard case .response(let response) = chain(request, context) else {
            preconditionFailure("the router's middleware answers a refusal at once")
        }
        return response
    }

    static func methodOrder(_ method: String) -> Int {
        ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].firstIndex(of: method) ?? 100
    }
}

/// The routes of one path, by method, and its 405 for the others.
final class PathRoutes<Context: RouterContext>: Sendable {
    let methods: [(method: String, route: RouteEntry<Context>)]
    /// The attributes of the path's first route, for its 405.
    let attributes: Context.RouteAttributes
    /// 405 with this path's `Allow`, behind the router's own middleware.
    let methodNotAllowed: RouteHandler<Context>

    init(methods: [(method: String, route: RouteEntry<Context>)], middleware: [any Middleware<Context, Context>]) {
        self.methods = methods
        attributes = methods[0].route.attributes
        let allowed = Self.allowed(methods.map(\.method))
        methodNotAllowed = compose(middleware) { request, context in context.refusing(.methodNotAllowed(allowed: allowed), request) }
    }

    /// The route for `method`; HEAD falls back to GET.
    func route(for method: String) -> RouteEntry<Context>? {
        if let found = methods.first(where: { $0.method == method }) { return found.route }
        if method == "HEAD" { return methods.first { $0.method == "GET" }?.route }
        return nil
    }

    /// The `Allow` value (RFC 9110 §10.2.1): the registered methods, and HEAD wherever GET is.
    static func allowed(_ methods: [String]) -> [String] {
        var names = Set(methods)
        if names.contains("GET") { names.insert("HEAD") }
        return names.sorted { (RouteTable<Context>.methodOrder($0), $0) < (RouteTable<Context>.methodOrder($1), $1) }
    }
}

/// One method of one path: the handler with the router's and its group's middleware composed,
/// and what the route tells its contexts.
struct RouteEntry<Context: RouterContext>: Sendable {
    let attributes: Context.RouteAttributes
    let handler: RouteHandler<Context>
}
