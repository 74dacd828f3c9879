/// What a responder answers with: a response now, or work to finish elsewhere first.
public enum Reply: Sendable {
    case response(HTTPResponse)
    /// The request waits (its loop keeps serving others) until the work completes; the response
    /// is then made on the request's loop.
    case deferred(DeferredResponse)
}

/// Work that produces a response later.
public struct DeferredResponse: Sendable {
    /// Receives the completion to call (from any thread, exactly once) with the function that
    /// makes the response on the loop, and a check that says whether the client has gone (the
    /// work may then be skipped, but the completion must still be called); returns false when the
    /// work could not be accepted (the completion is then never called and the engine answers 503).
    public typealias Start = @Sendable (
        _ complete: @escaping @Sendable (_ finish: @escaping @Sendable () -> HTTPResponse) -> Void,
        _ clientGone: @escaping @Sendable () -> Bool
    ) -> Bool

    let start: Start

    public init(start: @escaping Start) { self.start = start }
}
