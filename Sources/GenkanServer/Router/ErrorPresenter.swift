import GenkanHTTP

/// Why the router, the engine or a middleware does not let a request reach its handler, in the
/// site's words: GenkanHTTP's refusals and the site's own.
enum SiteRefusal: Sendable {
    case status(ErrorStatus)
    /// The path exists, but not for this method; `allowed` goes into the `Allow` header.
    case methodNotAllowed(allowed: [String])
    /// A rate limit: try again after this many seconds.
    case tooManyRequests(retryAfter: Int)
    /// The account reached its count of wrong passwords in a row: only a new password opens it
    /// (429 without `Retry-After`, since waiting does not help).
    case accountLocked
    /// The server cannot take the work now (the hashing queue is full, or the request waited its
    /// longest): 503 with `Retry-After`.
    case overloaded(retryAfter: Int)
    /// The posted form is not valid UTF-8.
    case invalidEncoding
    /// The route needs a session and there is none; `returnTo` is the local path to come back
    /// to after signing in, when it is worth keeping.
    case signInRequired(returnTo: String?)
}

/// Turns a refusal into the response a route's clients read: a localized page for the site's
/// pages, JSON for the APIs. A group of routes chooses its presenter.
protocol ErrorPresenter: Sendable {
    func response(for refusal: SiteRefusal, request: HTTPRequest, context: some SiteRequestContext) -> HTTPResponse
}

extension SiteRefusal {
    /// A refusal of the router, the engine or GenkanHTTP's middleware.
    init(_ refusal: Refusal) {
        switch refusal {
        case .status(let code): self = .status(ErrorStatus(code: code))
        case .methodNotAllowed(let allowed): self = .methodNotAllowed(allowed: allowed)
        case .overloaded(let retryAfter): self = .overloaded(retryAfter: retryAfter)
        case .invalidEncoding: self = .invalidEncoding
        }
    }
}
