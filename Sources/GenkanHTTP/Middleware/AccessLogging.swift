/// Records every request in the access log with the status it ended with, however many deferred
/// steps it took: 499 when the client left before the answer. Outermost, so it sees the final
/// response. Behind trusted proxies the line names the client they forwarded for, as the limits
/// and security events do, not the proxy.
public struct AccessLogging<Context: RequestContext>: Middleware {
    @usableFromInline let log: AccessLog

    @inlinable
    public init(log: AccessLog) {
        self.log = log
    }

    @inlinable
    public func handle(_ request: HTTPRequest, context: Context, next: @escaping RouteHandler<Context>) -> Reply {
        let log = self.log
        // The client the router identified (behind trusted proxies, the one they forwarded for).
        let client = context.clientAddress.isEmpty ? nil : context.clientAddress
        return next(request, context).map(
            { response in
                log.record(request: request, status: response.status, client: client)
                return response
            }, abandoned: { log.record(request: request, status: AccessLog.clientClosedRequest, client: client) })
    }
}
