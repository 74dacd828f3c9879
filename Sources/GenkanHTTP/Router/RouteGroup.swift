/// Routes that share a path prefix, middleware and attributes. `Context` is what their handlers
/// receive: the router's context, or the one a middleware of the group narrowed it to
/// (`narrowed(by:)`).
///
/// ```swift
/// let signedIn = router.group("/account").narrowed(by: RequireSession())   // RouteGroup<Site, SignedIn>
/// signedIn.get("/name") { request, context in … context.account … }
/// router.group().get("/name", use: showName)   // showName takes SignedIn: does not compile
/// ```
public struct RouteGroup<Root: RouterContext, Context: RequestContext> {
    @usableFromInline let router: Router<Root>
    /// The prefix of every path registered here.
    public let prefix: String
    /// What the routes registered here tell their contexts.
    public let attributes: Root.RouteAttributes
    /// The group's middleware around a handler: from the group's context back to the router's.
    @usableFromInline let wrap: (@escaping RouteHandler<Context>) -> RouteHandler<Root>

    @usableFromInline
    init(router: Router<Root>, prefix: String, attributes: Root.RouteAttributes, wrap: @escaping (@escaping RouteHandler<Context>) -> RouteHandler<Root>) {
        self.router = router
        self.prefix = prefix
        self.attributes = attributes
        self.wrap = wrap
    }

    /// A group inside this one: the prefixes join, `middleware` runs after this group's.
    @inlinable
    public func group(_ prefix: String = "", _ middleware: any Middleware<Context, Context>...) -> RouteGroup<Root, Context> {
        group(prefix, middleware)
    }

    @inlinable
    public func group(_ prefix: String, _ middleware: [any Middleware<Context, Context>]) -> RouteGroup<Root, Context> {
        let wrap = self.wrap
        return RouteGroup(
            router: router, prefix: self.prefix + prefix, attributes: attributes,
            wrap: middleware.isEmpty ? wrap : { handler in wrap(compose(middleware, around: handler)) })
    }

    /// A group whose handlers run after `middleware` and receive the context it hands on: a
    /// handler that needs what it found (a session, a validated form) takes that type and can
    /// only be registered here or below.
    @inlinable
    public func narrowed<M: Middleware>(by middleware: M) -> RouteGroup<Root, M.NextContext> where M.Context == Context {
        let wrap = self.wrap
        return RouteGroup<Root, M.NextContext>(
            router: router, prefix: prefix, attributes: attributes,
            wrap: { handler in wrap { request, context in middleware.handle(request, context: context, next: handler) } })
    }

    /// This group with other attributes for the routes registered on it afterwards.
    @inlinable
    public func attributed(_ attributes: Root.RouteAttributes) -> RouteGroup<Root, Context> {
        RouteGroup(router: router, prefix: prefix, attributes: attributes, wrap: wrap)
    }

    /// Requests under this group's prefix that no route answers take this group's attributes (the
    /// site: `/api/` refuses unknown paths in JSON), not the router's.
    @discardableResult
    public func answeringUnknownPaths() -> RouteGroup<Root, Context> {
        precondition(!prefix.isEmpty, "the whole site's unknown paths take the router's attributes")
        router.addPrefix(prefix + "/", attributes: attributes)
        return self
    }

    /// Registers `handler` for `method` at the group's prefix followed by `path`; `attributes`,
    /// when given, instead of the group's.
    @inlinable
    public func on(
        _ method: String, _ path: String, attributes: Root.RouteAttributes? = nil, use handler: @escaping RouteHandler<Context>
    ) {
        router.add(
            Router.Route(method: method, path: RoutePath(prefix + path), attributes: attributes ?? self.attributes, handler: wrap(handler)))
    }

    @inlinable
    public func get(_ path: String, use handler: @escaping RouteHandler<Context>) {
        on("GET", path, use: handler)
    }

    @inlinable
    public func post(_ path: String, use handler: @escaping RouteHandler<Context>) {
        on("POST", path, use: handler)
    }
}
