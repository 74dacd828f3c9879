/// The frozen routes: method and path to the way of a request through its context, middleware and
/// handler (`Entry`). A static path is one dictionary look-up (hashing the request's own path
/// string allocates nothing); paths with parameters are tried in the order they were registered.
///
/// `HEAD` is answered by the `GET` handler (the engine leaves the body out), and a path that
/// exists for other methods gets 405 with an `Allow` header derived from the table. Every
/// handler, the 404 and each path's 405 are composed with the router's own middleware once, when
/// `Router.build()` makes the table.
///
/// The table knows no context type: `Router.build()` wraps each route in an `Entry` that makes the
/// route's context and runs its chain, so a request's way through the table is not generic code
/// (which would look type metadata up at run time for every request).
public final class RouteTable: HTTPResponder {
    /// A request's way once the router found who sent it and the route's parameters: its
    /// context made with the route's attributes, then the router's middleware, the group's and
    /// the handler.
    public typealias Entry = @Sendable (HTTPRequest, CoreContext) -> Reply
    /// A refusal no route sees, through the router's middleware (engine refusals, overload).
    public typealias Terminal = @Sendable (Refusal, HTTPRequest, CoreContext) -> HTTPResponse

    /// Where a request that no route answers goes: 404, and the engine's refusals, with the
    /// attributes of its path's prefix (or the router's).
    @usableFromInline
    struct Fallback: Sendable {
        let notFound: Entry
        let terminal: Terminal

        @usableFromInline
        init(notFound: @escaping Entry, terminal: @escaping Terminal) {
            self.notFound = notFound
            self.terminal = terminal
        }
    }

    private let staticPaths: [String: PathRoutes]
    private let parameterPaths: [(path: RoutePath, routes: PathRoutes)]
    /// Longest prefix first.
    private let prefixes: [(prefix: String, fallback: Fallback)]
    private let fallback: Fallback
    private let clients: ClientResolution

    /// `routes` in registration order, each with its entry and its path's 405; `prefixes` the
    /// fallbacks of path prefixes.
    @usableFromInline
    init(
        routes: [(method: String, path: RoutePath, attributes: any Sendable, entry: Entry, methodNotAllowed: (_ allowed: [String]) -> Entry)],
        prefixes: [(prefix: String, fallback: Fallback)], fallback: Fallback, clients: ClientResolution
    ) {
        // Group the routes by path, in registration order; a path's 405 is its first route's.
        var paths: [RoutePath] = []
        var methods: [RoutePath: [PathRoutes.Method]] = [:]
        var refusing: [RoutePath: (_ allowed: [String]) -> Entry] = [:]
        for route in routes {
            if methods[route.path] == nil {
                paths.append(route.path)
                refusing[route.path] = route.methodNotAllowed
            }
            methods[route.path, default: []].append(PathRoutes.Method(name: route.method, entry: route.entry, attributes: route.attributes))
        }
        var staticPaths: [String: PathRoutes] = [:]
        var parameterPaths: [(path: RoutePath, routes: PathRoutes)] = []
        for path in paths {
            let entries = methods[path] ?? []
            let routes = PathRoutes(methods: entries, methodNotAllowed: refusing[path]!(PathRoutes.allowed(entries.map(\.name))))
            if path.isStatic { staticPaths[path.description] = routes } else { parameterPaths.append((path, routes)) }
        }
        self.staticPaths = staticPaths
        self.parameterPaths = parameterPaths
        self.prefixes = prefixes.sorted { $0.prefix.utf8.count > $1.prefix.utf8.count }
        self.fallback = fallback
        self.clients = clients
    }

    // MARK: HTTPResponder

    public func respond(to request: HTTPRequest) -> Reply {
        guard let found = lookUp(request.path) else {
            return fallback(for: request.path).notFound(request, clients.core(of: request, parameters: RouteParameters()))
        }
        let core = clients.core(of: request, parameters: found.parameters)
        guard let entry = found.routes.entry(for: request.method) else { return found.routes.methodNotAllowed(request, core) }
        return entry(request, core)
    }

    public func refusal(status: Int, request: HTTPRequest) -> HTTPResponse {
        var response = terminal(.status(status), request)
        response.closesConnection = true
        return response
    }

    public func overloaded(request: HTTPRequest) -> HTTPResponse {
        terminal(.overloaded(retryAfter: 1), request)
    }

    // MARK: Routing

    /// Whether some route has `path` (what the router does first for every request).
    public func hasRoute(_ path: String) -> Bool {
        lookUp(path) != nil
    }

    /// The attributes of the route of `method` at `path`, for tests that look at the table.
    package func attributes(_ method: String, _ path: String) -> (any Sendable)? {
        lookUp(path)?.routes.method(method)?.attributes
    }

    private func lookUp(_ path: String) -> (routes: PathRoutes, parameters: RouteParameters)? {
        if let routes = staticPaths[path] { return (routes, RouteParameters()) }
        for candidate in parameterPaths {
            if let parameters = candidate.path.match(path) { return (candidate.routes, parameters) }
        }
        return nil
    }

    private func fallback(for path: String) -> Fallback {
        prefixes.first { path.hasPrefix($0.prefix) }?.fallback ?? fallback
    }

    /// A refusal that no route sees (the engine's 400/408/413/431, the pool's 503), still
    /// through the router's middleware so it is localized, secured and logged like the rest.
    private func terminal(_ refusal: Refusal, _ request: HTTPRequest) -> HTTPResponse {
        fallback(for: request.path).terminal(refusal, request, clients.core(of: request, parameters: RouteParameters()))
    }
}

/// The routes of one path, by method, and its 405 for the others.
final class PathRoutes: Sendable {
    struct Method: Sendable {
        let name: String
        let entry: RouteTable.Entry
        /// What the route tells its contexts (for tests; the entry already holds it).
        let attributes: any Sendable
    }

    let methods: [Method]
    /// 405 with this path's `Allow`, behind the router's own middleware.
    let methodNotAllowed: RouteTable.Entry

    init(methods: [Method], methodNotAllowed: @escaping RouteTable.Entry) {
        self.methods = methods
        self.methodNotAllowed = methodNotAllowed
    }

    /// The entry for `method`; HEAD falls back to GET.
    func entry(for method: String) -> RouteTable.Entry? {
        self.method(method)?.entry
    }

    func method(_ name: String) -> Method? {
        for candidate in methods where candidate.name == name { return candidate }
        if name == "HEAD" {
            for candidate in methods where candidate.name == "GET" { return candidate }
        }
        return nil
    }

    /// The `Allow` value (RFC 9110 §10.2.1): the registered methods, and HEAD wherever GET is.
    static func allowed(_ methods: [String]) -> [String] {
        var names = Set(methods)
        if names.contains("GET") { names.insert("HEAD") }
        return names.sorted { (order($0), $0) < (order($1), $1) }
    }

    private static func order(_ method: String) -> Int {
        ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].firstIndex(of: method) ?? 100
    }
}
