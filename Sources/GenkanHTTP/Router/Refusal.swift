/// Why the router, the engine or a middleware of this module does not let a request reach its
/// handler. The context presents it (`RequestContext.response(for:to:)`).
public enum Refusal: Sendable, Hashable {
    /// An error status: 404 (no route has the path), the engine's 400, 408, 413 and 431 (the
    /// request could not be read; the connection then closes), a malformed form's 400.
    case status(Int)
    /// The path exists, but not for this method; `allowed` goes into the `Allow` header.
    case methodNotAllowed(allowed: [String])
    /// The server cannot take the work now (the worker pool is full): 503 with `Retry-After`.
    case overloaded(retryAfter: Int)
    /// A posted form whose text is not UTF-8 (`FormParsing`): an application may show the form
    /// again with a message rather than a bare 400.
    case invalidEncoding

    /// The refusal as a short plain-text response (`BasicContext`, tests).
    public var plainResponse: HTTPResponse {
        let text: (Int, String)
        var headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]
        switch self {
        case .status(let status): text = (status, "error \(status)")
        case .methodNotAllowed(let allowed):
            headers.add("Allow", allowed.joined(separator: ", "))
            text = (405, "method not allowed")
        case .overloaded(let retryAfter):
            headers.add("Retry-After", String(retryAfter))
            text = (503, "unavailable")
        case .invalidEncoding: text = (400, "the form is not UTF-8")
        }
        return HTTPResponse(status: text.0, headers: headers, body: .text(text.1 + "\n"))
    }
}

extension RequestContext {
    /// The reply that refuses `request`, in the form this route's clients read.
    @inlinable
    public func refusing(_ refusal: Refusal, _ request: HTTPRequest) -> Reply {
        .response(response(for: refusal, to: request))
    }
}
