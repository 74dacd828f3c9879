extension HTTPClient {
    /// `url` when the client may fetch it: `https://`, or `http://` to a loopback host; a URL with
    /// user information (`user@host`) is refused, since it would carry a credential in the clear.
    public static func checkedURL(_ url: String) throws(HTTPClientError) -> String {
        let lower = url.lowercased()
        let isHTTPS = lower.hasPrefix("https://")
        guard isHTTPS || lower.hasPrefix("http://") else {
            throw HTTPClientError(.invalidURL, "\(url): only https:// URLs (http:// to a loopback host) are fetched")
        }
        guard let host = host(of: url) else { throw HTTPClientError(.invalidURL, "\(url): no host") }
        guard !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) else {
            throw HTTPClientError(.invalidURL, "\(url): spaces, controls or non-ASCII characters")
        }
        if !isHTTPS && !isLoopback(host) {
            throw HTTPClientError(.invalidURL, "\(url): plain http:// only to a loopback host; use https://")
        }
        return url
    }

    /// The host of an `http(s)://` URL, lower-cased, IPv6 brackets kept; nil when the authority
    /// is empty or has user information.
    public static func host(of url: String) -> String? {
        let parts = url.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let rest = parts[1]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return authority[...close].lowercased()
        }
        let host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return host.isEmpty ? nil : host.lowercased()
    }

    /// `localhost`, an address in 127.0.0.0/8, or `[::1]`.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part) != nil }
    }
}
