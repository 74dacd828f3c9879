/// What answers a request once routing and the middleware before it are done.
typealias RouteHandler = @Sendable (HTTPRequest, RequestContext) -> Reply

/// A step around a route: it reads or adds to the context, refuses, or calls `next` (now, or
/// after deferred work such as a session look-up) and may change the reply it gets back.
protocol Middleware: Sendable {
    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply
}

extension Array where Element == any Middleware {
    /// `handler` behind these middleware, the first outermost. Composed once, when a route is
    /// registered, so a request does not build its chain.
    func wrapping(_ handler: @escaping RouteHandler) -> RouteHandler {
        reversed().reduce(handler) { next, middleware in
            { request, context in middleware.handle(request, context: context, next: next) }
        }
    }
}
