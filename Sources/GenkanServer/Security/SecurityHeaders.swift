/// The headers every response carries, whatever produced it.
public enum SecurityHeaders {
    /// Scripts and styles only from this origin (no inline code), no framing, forms post only here.
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

    /// The three headers as complete lines, for `HTTPResponse.constantHeaderLines`.
    public static let lines: StaticString = """
        Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'\r
        X-Content-Type-Options: nosniff\r
        Referrer-Policy: same-origin\r

        """

    /// Adds the Content-Security-Policy, `nosniff` and referrer policy.
    public static func apply(to headers: inout HTTPHeaders) {
        headers.add("Content-Security-Policy", contentSecurityPolicy)
        headers.add("X-Content-Type-Options", "nosniff")
        headers.add("Referrer-Policy", "same-origin")
    }
}
