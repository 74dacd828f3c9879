/// How the router tells who sent a request before any middleware runs: the trusted proxies whose
/// forwarding headers it believes, and whether the site is served over HTTPS. Resolved once per
/// request, so the access log, the limits and the cookies all see the same client.
struct ClientResolution: Sendable {
    var proxies = TrustedProxies.none
    /// `--base-url` is `https://`: the site is served over HTTPS, so its cookies are `Secure` and
    /// `__Host-` whatever a proxy reports (a TLS terminator that sends no `X-Forwarded-Proto`).
    var servedOverHTTPS = false

    /// Sets the client's address, its limit key and the scheme on `context`.
    func identify(_ request: HTTPRequest, in context: inout RequestContext) {
        let client = proxies.client(of: request)
        context.clientAddress = client.text
        context.clientKey = client.key
        context.isSecure = servedOverHTTPS || client.isSecure
    }
}
