/// Routes that share a path prefix, middleware and the way their refusals read.
struct RouteGroup {
    let router: Router
    let prefix: String
    let middleware: [any Middleware]
    let errors: any ErrorPresenter

    /// A group inside this one: the prefixes join, the middleware runs after this group's.
    func group(_ prefix: String = "", _ middleware: any Middleware...) -> RouteGroup {
        group(prefix, middleware)
    }

    func group(_ prefix: String, _ middleware: [any Middleware]) -> RouteGroup {
        RouteGroup(router: router, prefix: self.prefix + prefix, middleware: self.middleware + middleware, errors: errors)
    }

    /// This group with its refusals, and those of unknown paths under its prefix, read by `errors`.
    func presenting(_ errors: any ErrorPresenter) -> RouteGroup {
        if !prefix.isEmpty { router.addPrefix(prefix + "/", errors: errors) }
        return RouteGroup(router: router, prefix: prefix, middleware: middleware, errors: errors)
    }

    func on(_ method: String, _ path: String, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        router.add(
            Router.Route(
                method: method, path: RoutePath(prefix + path), form: form, errors: errors, handler: middleware.wrapping(handler)))
    }

    func get(_ path: String, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        on("GET", path, form: form, use: handler)
    }

    func post(_ path: String, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        on("POST", path, form: form, use: handler)
    }

    /// A route at one of the site's paths, which starts with the group's prefix (not added again).
    func on(_ method: String, _ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        precondition(path.pattern.hasPrefix(prefix + "/"), "\(path) is not under the group's prefix '\(prefix)'")
        on(method, String(path.pattern.dropFirst(prefix.count)), form: form, use: handler)
    }

    func get(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        on("GET", path, form: form, use: handler)
    }

    func post(_ path: SitePath, form: FormDescription? = nil, use handler: @escaping RouteHandler) {
        on("POST", path, form: form, use: handler)
    }
}
