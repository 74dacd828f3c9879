/// How the router tells who sent a request before any middleware runs: the trusted proxies whose
/// forwarding headers it believes, and whether the site is served over HTTPS. Resolved once per
/// request, so the access log, the limits and the cookies all see the same client.
public struct ClientResolution: Sendable {
    public var proxies = TrustedProxies.none
    /// The site's base URL is `https://`: its cookies are `Secure` and `__Host-` whatever a proxy
    /// reports (a TLS terminator that sends no `X-Forwarded-Proto`).
    public var servedOverHTTPS = false

    public init(proxies: TrustedProxies = .none, servedOverHTTPS: Bool = false) {
        self.proxies = proxies
        self.servedOverHTTPS = servedOverHTTPS
    }

    /// The router's part of the context of `request`: the client and `parameters`.
    func core(of request: HTTPRequest, parameters: RouteParameters) -> CoreContext {
        let client = proxies.client(of: request)
        return CoreContext(
            parameters: parameters, clientAddress: client.text, clientKey: client.key, isSecure: servedOverHTTPS || client.isSecure)
    }
}
