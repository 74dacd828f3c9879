/// The frozen routes: method and path to a handler with its middleware. A static path is one
/// dictionary look-up (hashing the request's own path string allocates nothing); paths with
/// parameters are tried in the order they were registered.
///
/// `HEAD` is answered by the `GET` handler (the engine leaves the body out), and a path that
/// exists for other methods gets 405 with an `Allow` header derived from the table.
final class RouteTable: HTTPResponder {
    private let staticPaths: [String: PathRoutes]
    private let parameterPaths: [(path: RoutePath, routes: PathRoutes)]
    private let prefixErrors: [(prefix: String, errors: any ErrorPresenter)]
    private let defaultErrors: any ErrorPresenter
    /// The router's own middleware around routing itself.
    private let respond: RouteHandler
    /// The router's own middleware around a terminal refusal (engine refusals, overload).
    private let refusalChain: [any Middleware]
    private let clients: ClientResolution

    init(router: Router) {
        // Group the routes by path, in registration order.
        var paths: [RoutePath] = []
        var methods: [RoutePath: [(method: String, route: RouteEntry)]] = [:]
        var firstErrors: [RoutePath: any ErrorPresenter] = [:]
        for route in router.routes {
            if methods[route.path] == nil {
                paths.append(route.path)
                firstErrors[route.path] = route.errors
            }
            methods[route.path, default: []].append(
                (route.method, RouteEntry(form: route.form, errors: route.errors, handler: route.handler)))
        }
        var staticPaths: [String: PathRoutes] = [:]
        var parameterPaths: [(path: RoutePath, routes: PathRoutes)] = []
        for path in paths {
            let routes = PathRoutes(methods: methods[path] ?? [], errors: firstErrors[path]!)
            if path.isStatic { staticPaths[path.description] = routes } else { parameterPaths.append((path, routes)) }
        }
        self.staticPaths = staticPaths
        self.parameterPaths = parameterPaths
        prefixErrors = router.prefixErrors.sorted { $0.prefix.utf8.count > $1.prefix.utf8.count }
        defaultErrors = router.errors
        refusalChain = router.middleware
        clients = router.clients
        respond = router.middleware.wrapping(Self.dispatch)
    }

    // MARK: HTTPResponder

    func respond(to request: HTTPRequest) -> Reply {
        respond(request, context(for: request))
    }

    func refusal(status: Int, request: HTTPRequest) -> HTTPResponse {
        terminal(.status(ErrorStatus(code: status)), request: request) { $0.closesConnection = true }
    }

    func overloaded(request: HTTPRequest) -> HTTPResponse {
        terminal(.overloaded(retryAfter: 1), request: request) { _ in }
    }

    // MARK: Routing

    /// What the router knows before any middleware runs: the client, the route (with its form and
    /// the way its refusals read), or why there is none.
    private func context(for request: HTTPRequest) -> RequestContext {
        let found = lookUp(request.path)
        var context = RequestContext(locale: "en", errors: found?.routes.errors ?? errors(forUnknown: request.path))
        clients.identify(request, in: &context)
        context.route = found.map { found in RouteMatch(routes: found.routes, parameters: found.parameters) }
        if let match = context.route, let entry = match.routes.route(for: request.method) {
            context.form = entry.form
            context.errors = entry.errors
            context.parameters = match.parameters
        }
        return context
    }

    func lookUp(_ path: String) -> (routes: PathRoutes, parameters: RouteParameters)? {
        if let routes = staticPaths[path] { return (routes, RouteParameters()) }
        for candidate in parameterPaths {
            if let parameters = candidate.path.match(path) { return (candidate.routes, parameters) }
        }
        return nil
    }

    /// The innermost step of the router's middleware: the route's handler, or 404 / 405.
    private static let dispatch: RouteHandler = { request, context in
        guard let match = context.route else { return context.refuse(.status(.notFound), request) }
        guard let entry = match.routes.route(for: request.method) else {
            return context.refuse(.methodNotAllowed(allowed: match.routes.allowed), request)
        }
        return entry.handler(request, context)
    }

    private func errors(forUnknown path: String) -> any ErrorPresenter {
        prefixErrors.first { path.hasPrefix($0.prefix) }?.errors ?? defaultErrors
    }

    /// A refusal that no route sees (the engine's 400/408/413/431, the pool's 503), still
    /// through the router's middleware so it is localized, secured and logged like the rest.
    private func terminal(_ refusal: Refusal, request: HTTPRequest, adjust: @escaping @Sendable (inout HTTPResponse) -> Void)
        -> HTTPResponse
    {
        let chain = refusalChain.wrapping { request, context in
            var response = context.errors.response(for: refusal, request: request, context: context)
            adjust(&response)
            return .response(response)
        }
        var context = RequestContext(locale: "en", errors: errors(forUnknown: request.path))
        context.route = nil
        clients.identify(request, in: &context)
        guard case .response(let response) = chain(request, context) else {
            preconditionFailure("the router's middleware answers a refusal at once")
        }
        return response
    }

    static func methodOrder(_ method: String) -> Int {
        ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].firstIndex(of: method) ?? 100
    }
}

/// The routes of one path, by method. A class: the request context refers to it without copying.
final class PathRoutes: Sendable {
    let methods: [(method: String, route: RouteEntry)]
    /// The presenter of the path's first route, for 405.
    let errors: any ErrorPresenter

    init(methods: [(method: String, route: RouteEntry)], errors: any ErrorPresenter) {
        self.methods = methods
        self.errors = errors
    }

    /// The route for `method`; HEAD falls back to GET.
    func route(for method: String) -> RouteEntry? {
        if let found = methods.first(where: { $0.method == method }) { return found.route }
        if method == "HEAD" { return methods.first { $0.method == "GET" }?.route }
        return nil
    }

    /// The `Allow` value (RFC 9110 §10.2.1): the registered methods, and HEAD wherever GET is.
    var allowed: [String] {
        var names = Set(methods.map(\.method))
        if names.contains("GET") { names.insert("HEAD") }
        return names.sorted { (RouteTable.methodOrder($0), $0) < (RouteTable.methodOrder($1), $1) }
    }
}

/// One method of one path: the handler with its group's middleware composed, and what the
/// route tells the middleware (its form, how its refusals read).
struct RouteEntry: Sendable {
    let form: FormDescription?
    let errors: any ErrorPresenter
    let handler: RouteHandler
}

/// The routes found for a request's path (whatever its method) and the path's parameters.
struct RouteMatch: Sendable {
    let routes: PathRoutes
    let parameters: RouteParameters
}
