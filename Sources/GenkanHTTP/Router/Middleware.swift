/// What answers a request once routing and the middleware before it are done.
public typealias RouteHandler<Context> = @Sendable (HTTPRequest, Context) -> Reply

/// A step around a route: it reads or adds to the context, refuses, or calls `next` (now, or
/// after deferred work such as a session look-up) and may change the reply it gets back.
///
/// A middleware that finds something the handlers after it need hands them a context of another
/// type (`NextContext`) holding it; a route group that runs it (`RouteGroup.narrowed(by:)`)
/// registers handlers of that type.
public protocol Middleware<Context, NextContext>: Sendable {
    associatedtype Context: RequestContext
    associatedtype NextContext: RequestContext = Context

    func handle(_ request: HTTPRequest, context: Context, next: @escaping RouteHandler<NextContext>) -> Reply
}

/// `handler` behind `middleware`, the first outermost. Composed once, when a route is registered,
/// so a request does not build its chain.
@inlinable
func compose<Context>(_ middleware: [any Middleware<Context, Context>], around handler: @escaping RouteHandler<Context>)
    -> RouteHandler<Context>
{
    middleware.reversed().reduce(handler) { next, middleware in
        { request, context in middleware.handle(request, context: context, next: next) }
    }
}
