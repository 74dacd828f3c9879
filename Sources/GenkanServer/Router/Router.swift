/// Collects the site's routes at start: each feature registers its own on the router or on a
/// group, and `build()` freezes them into the `RouteTable` that answers requests.
///
/// ```swift
/// let router = Router(errors: pages)
/// router.use(AccessLogging(log), SecurityHeaders(), VisitorContext(texts: texts))
/// router.get(.signIn, use: signIn.show)
/// router.group("", FormParsing(), CSRFProtection(.preSession, tokens: csrf))
///     .post(.signIn, form: .signIn, use: signIn.submit)
/// ```
final class Router {
    struct Route {
        let method: String
        let path: RoutePath
        let form: FormDescription?
        let errors: any ErrorPresenter
        let handler: RouteHandler
    }

    private(set) var routes: [Route] = []
    private(set) var middleware: [any Middleware] = []
    /// Path prefixes whose unmatched paths are refused by another presenter (`/api/` → JSON).
    private(set) var prefixErrors: [(prefix: String, errors: any ErrorPresenter)] = []
    let errors: any ErrorPresenter
    /// Who sent each request (`RequestContext.clientAddress`, `clientKey`, `isSecure`).
    var clients = ClientResolution()

    /// `errors` presents the refusals of routes outside any group that chooses its own.
    init(errors: any ErrorPresenter) {
        self.errors = errors
    }

    /// Adds middleware that runs for every request, matched or not, in the order given.
    func use(_ middleware: any Middleware...) {
        self.middleware += middleware
    }

    /// A group of routes under `prefix` that share `middleware` (run after the router's own,
    /// in the order given).
    func group(_ prefix: String = "", _ middleware: any Middleware...) -> RouteGroup {
        group(prefix, middleware)
    }

    /// A group with a list of middleware built elsewhere (`SharedMiddleware.signedInPages`).
    func group(_ prefix: String, _ middleware: [any Middleware]) -> RouteGroup {
        RouteGroup(router: self, prefix: prefix, middleware: middleware, errors: errors)
    }

    func add(_ route: Route) {
        precondition(
            !routes.contains { $0.method == route.method && $0.path == route.path },
            "\(route.method) \(route.path) is registered twice")
        // A form posts to the route it is described with: one definition of the path.
        precondition(
            route.form.map { $0.route.pattern == route.path.description } ?? true,
            "\(route.method) \(route.path) is registered with a form of \(route.form?.route.pattern ?? "")")
        routes.append(route)
    }

    func addPrefix(_ prefix: String, errors: any ErrorPresenter) {
        prefixErrors.append((prefix, errors))
    }

    /// The table that answers requests: every route with its middleware composed.
    func build() -> RouteTable {
        RouteTable(router: self)
    }
}

extension Router {
    func get(_ path: String, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        group().get(path, form: form, use: handler)
    }

    func post(_ path: String, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        group().post(path, form: form, use: handler)
    }

    func get(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        group().get(path, form: form, use: handler)
    }

    func post(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        group().post(path, form: form, use: handler)
    }
}
