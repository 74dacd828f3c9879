/// The application behind the engine. Its methods run on loop threads and must not block:
/// blocking work goes to a `WorkerPool` through `Reply.deferred`.
public protocol HTTPResponder: Sendable {
    /// Answers a request.
    func respond(to request: HTTPRequest) -> Reply
    /// The response for a request the engine refused: 400 (malformed), 408 (too slow), 413 (body
    /// too large) or 431 (head too large). For 400, 408 while reading the head, and 431, the
    /// request has no method, path or headers.
    func refusal(status: Int, request: HTTPRequest) -> HTTPResponse
    /// The response when deferred work could not be accepted (the worker pool is full): 503.
    func overloaded(request: HTTPRequest) -> HTTPResponse
}
