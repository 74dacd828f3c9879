import GenkanHTTP

/// Where a sign-in link may lead (`continueUrl`, an app's page that finishes the sign-in), and, in
/// emulator mode, which web pages may call the API (`FirebaseCORS`): the site's own origin
/// (`--base-url`) and the origins named by `--authorized-domain` — Firebase's authorized domains —
/// so that a mail from the site never hands its code to a stranger's page. In emulator mode, loopback
/// origins too (`http://localhost:3000`, `http://127.0.0.1:5173`): an app in development, on the
/// developer's machine. Never any origin: the official emulator's "anything goes" lets every page
/// the developer has open read live codes from the emulator and redirect through its action handler.
struct ContinueOrigins: Sendable {
    /// An `--authorized-domain` value: an origin (`https://app.example:8443`), or a host name
    /// (`app.example`) whose http and https origins on any port are allowed, as Firebase compares
    /// authorized domains.
    enum Entry: Sendable, Hashable {
        case origin(String)
        case host(String)
    }

    let base: BaseURL?
    let entries: [Entry]
    /// Emulator mode: http(s) origins on loopback hosts too.
    var allowsLoopback = false

    init(base: BaseURL? = nil, entries: [Entry], allowsLoopback: Bool = false) {
        self.base = base
        self.entries = entries
        self.allowsLoopback = allowsLoopback
    }

    /// Reads an `--authorized-domain` value; nil when it is neither a host name nor an http(s)
    /// origin.
    static func entry(parsing text: String) -> Entry? {
        if text.contains("://") {
            guard let parts = URLParts(text), parts.path.isEmpty || parts.path == "/", parts.query == nil, parts.fragment == nil
            else { return nil }
            return .origin(parts.origin)
        }
        let host = text.lowercased()
        guard !host.isEmpty, host.utf8.count <= 253,
            host.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") })
        else { return nil }
        return .host(host)
    }

    /// Whether a sign-in link may lead to `url` (or a page at `url`'s origin may call the API).
    func allows(_ url: String) -> Bool {
        guard let parts = URLParts(url) else { return false }
        if allowsLoopback && Self.isLoopback(host: parts.host) { return true }
        if let base, let own = URLParts(base.value), own.origin == parts.origin { return true }
        return entries.contains { entry in
            switch entry {
            case .origin(let origin): origin == parts.origin
            case .host(let host): host == parts.host
            }
        }
    }
}

extension ContinueOrigins {
    /// `localhost` (and names under it, RFC 6761 §6.3), 127.0.0.0/8 and `[::1]`: hosts that name
    /// the machine itself.
    static func isLoopback(host: String) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil && ($0 == "0" || !$0.hasPrefix("0")) }
    }
}

/// An http or https URL taken apart as far as origins need: scheme and host lower-cased, the
/// default port dropped; nil for another scheme, a user name or password in the authority (which
/// hides the real host from a reader: `https://app.example@evil.example`), or no host.
struct URLParts: Sendable, Hashable {
    let scheme: String
    let host: String
    let port: Int?
    /// From the first `/` after the authority to the query (may be empty).
    let path: String
    let query: String?
    let fragment: String?

    init?(_ text: String) {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = Substring(text[separator.upperBound...])
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.isEmpty, !authority.contains("@"), !authority.contains("\\"),
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return nil }
        var host = Substring(authority)
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()), (0...65535).contains(number) else { return nil }
                port = number
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]), (0...65535).contains(number) else { return nil }
            port = number
        }
        guard !host.isEmpty else { return nil }
        if port == (scheme == "https" ? 443 : 80) { port = nil }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
        self.path = String(rest[authorityEnd...])
        self.query = query
        self.fragment = fragment
    }

    /// `scheme://host[:port]`.
    var origin: String { scheme + "://" + host + (port.map { ":\($0)" } ?? "") }

    /// The URL with these query parameters set (replacing any of the same name), the others kept.
    func settingQuery(_ parameters: [(String, String)]) -> String {
        let names = Set(parameters.map(\.0))
        var items = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).filter { item in
            let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return !names.contains((try? FormData.percentDecoded(Array(name.utf8))) ?? name)
        }.map(String.init)
        items += parameters.map { FormData.percentEncoded($0.0) + "=" + FormData.percentEncoded($0.1) }
        return origin + path + "?" + items.joined(separator: "&") + (fragment.map { "#" + $0 } ?? "")
    }
}
