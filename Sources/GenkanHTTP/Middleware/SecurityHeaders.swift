/// The headers every response carries, whatever produced it: a strict Content Security Policy,
/// `nosniff` and a referrer policy. A route group can ask for `no-referrer` instead (pages whose
/// URL carries a one-time code); the outermost instance fills in only what is not set yet.
public struct SecurityHeaders<Context: RequestContext>: Middleware {
    @usableFromInline let block: StaticString

    @inlinable
    public init(noReferrer: Bool = false) {
        block = noReferrer ? SecurityPolicy.noReferrerLines : SecurityPolicy.lines
    }

    @inlinable
    public func handle(_ request: HTTPRequest, context: Context, next: @escaping RouteHandler<Context>) -> Reply {
        let block = self.block
        return next(request, context).map { response in
            guard response.constantHeaderLines.utf8CodeUnitCount == 0 else { return response }
            var response = response
            response.constantHeaderLines = block
            return response
        }
    }
}

/// What `SecurityHeaders` sends, as text.
public enum SecurityPolicy {
    /// Scripts and styles only from this origin (no inline code), no framing, forms post only here.
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

    /// The three headers as complete lines, for `HTTPResponse.constantHeaderLines`.
    public static let lines: StaticString = """
        Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'\r
        X-Content-Type-Options: nosniff\r
        Referrer-Policy: same-origin\r

        """

    /// The same with `Referrer-Policy: no-referrer`, so a code in the URL never leaves in a
    /// `Referer` header, even to this site's own other pages.
    public static let noReferrerLines: StaticString = """
        Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'\r
        X-Content-Type-Options: nosniff\r
        Referrer-Policy: no-referrer\r

        """

    /// The headers but the policy, for a response that carries a policy of its own
    /// (`HTTPResponse.allowingFormActions`).
    public static let linesWithoutPolicy: StaticString = """
        X-Content-Type-Options: nosniff\r
        Referrer-Policy: same-origin\r

        """
}

extension HTTPResponse {
    /// The response with `SecurityPolicy`, but with forms also allowed to lead to `origins`
    /// (`form-action`): a form whose answer redirects to a provider (connecting a sign-in method)
    /// needs its origin named, as browsers check the redirects of a form submission too.
    public func allowingFormActions(_ origins: [String]) -> HTTPResponse {
        var response = self
        let extra = origins.filter { origin in origin.hasPrefix("https://") || origin.hasPrefix("http://") }
            .filter { !$0.contains(where: { $0 == ";" || $0 == "," || $0 == " " || $0 == "'" || $0.isNewline }) }
        let policy = SecurityPolicy.contentSecurityPolicy + extra.map { " " + $0 }.joined()
        response.headers.set("Content-Security-Policy", policy)
        response.constantHeaderLines = SecurityPolicy.linesWithoutPolicy
        return response
    }
}
