import GenkanStore

/// What a store failure becomes: a line for the operator (no secret in it) and a localized 500.
struct StoreFailures: Sendable {
    let log: ErrorLog

    func refuse(_ error: StoreError, request: HTTPRequest, context: RequestContext) -> Reply {
        .response(response(error, request: request, context: context))
    }

    func response(_ error: StoreError, request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        log.write("store failure on \(request.method) \(request.path): \(error)")
        return context.errors.response(for: .status(.internalError), request: request, context: context)
    }
}
