/// What a responder answers with: a response now, or work to finish elsewhere first.
public enum Reply: Sendable {
    case response(HTTPResponse)
    /// The request waits (its loop keeps serving others) until the work completes; what comes next
    /// is then decided on the request's loop, and may be more deferred work (a session look-up
    /// followed by a password hash).
    case deferred(DeferredResponse)

    /// This reply with `transform` applied to the response it ends in, however many deferred steps
    /// lead there; `abandoned` runs instead if the client leaves before that response exists.
    ///
    /// Middleware uses this to add headers to, or record, whatever the handler answers.
    public func map(
        _ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse, abandoned: (@Sendable () -> Void)? = nil
    ) -> Reply {
        switch self {
        case .response(let response):
            return .response(transform(response))
        case .deferred(let deferred):
            var abandonHandlers = deferred.abandonHandlers
            if let abandoned { abandonHandlers.append(abandoned) }
            return .deferred(
                DeferredResponse(
                    start: { complete, clientGone in
                        deferred.start({ next in complete { next().map(transform, abandoned: abandoned) } }, clientGone)
                    }, abandonHandlers: abandonHandlers))
        }
    }
}

/// Work that produces a reply later.
public struct DeferredResponse: Sendable {
    /// Receives the completion to call (from any thread, exactly once) with the function that
    /// decides the next reply on the loop, and a check that says whether the client has gone (the
    /// work may then be skipped, but the completion must still be called); returns false when the
    /// work could not be accepted (the completion is then never called and the engine answers 503).
    public typealias Start = @Sendable (
        _ complete: @escaping @Sendable (_ next: @escaping @Sendable () -> Reply) -> Void,
        _ clientGone: @escaping @Sendable () -> Bool
    ) -> Bool

    public let start: Start
    /// Run on the loop, in order, when the client left before the reply was complete.
    let abandonHandlers: [@Sendable () -> Void]

    public init(start: @escaping Start) {
        self.init(start: start, abandonHandlers: [])
    }

    init(start: @escaping Start, abandonHandlers: [@Sendable () -> Void]) {
        self.start = start
        self.abandonHandlers = abandonHandlers
    }

    /// Tells the observers that the reply will never be complete.
    func abandon() {
        for handler in abandonHandlers { handler() }
    }
}
