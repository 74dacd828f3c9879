/// Records every request in the access log with the status it ended with, however many deferred
/// steps it took: 499 when the client left before the answer. Outermost, so it sees the final
/// response. Behind trusted proxies the line names the client they forwarded for, as the limits
/// and security events do, not the proxy.
struct AccessLogging: Middleware {
    let log: AccessLog
    var proxies = TrustedProxies([])

    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        let log = self.log
        let client = proxies.isEmpty ? nil : proxies.client(peer: request.peerAddress, headers: request.headers).text
        return next(request, context).map(
            { response in
                log.record(request: request, status: response.status, client: client)
                return response
            }, abandoned: { log.record(request: request, status: AccessLog.clientClosedRequest, client: client) })
    }
}
