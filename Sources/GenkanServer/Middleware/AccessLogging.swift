/// Records every request in the access log with the status it ended with, however many deferred
/// steps it took: 499 when the client left before the answer. Outermost, so it sees the final
/// response.
struct AccessLogging: Middleware {
    let log: AccessLog

    func handle(_ request: HTTPRequest, context: RequestContext, next: @escaping RouteHandler) -> Reply {
        let log = self.log
        return next(request, context).map(
            { response in
                log.record(request: request, status: response.status)
                return response
            }, abandoned: { log.record(request: request, status: AccessLog.clientClosedRequest) })
    }
}
