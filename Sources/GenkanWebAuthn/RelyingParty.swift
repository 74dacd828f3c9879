/// The site passkeys are made for: its origin, its RP ID and the name browsers show.
///
/// The RP ID scopes credentials (WebAuthn Level 3 §5.1.4.1 step 8, §13.4.9): a browser makes and
/// uses a credential only on an origin whose host is the RP ID or a subdomain of it, and the
/// authenticator signs SHA-256 of the RP ID. This type refuses, when the site starts, settings
/// with which no browser could ever complete a ceremony:
///
/// - the host is an IP address (browsers accept only domains as RP IDs: `http://127.0.0.1:8080`
///   cannot use passkeys, `http://localhost:8080` can);
/// - the origin is neither `https` nor `http` on `localhost` or a `.localhost` name (WebAuthn needs a
///   secure context, and browsers treat only those plain-HTTP hosts as one);
/// - the RP ID is neither the host nor a dot-separated suffix of it (`example.com` for
///   `login.example.com`, never `ample.com`).
///
/// Browsers also refuse an RP ID that is a public suffix (`com`, `co.uk`, `github.io`); Genkan
/// carries no public-suffix list, so that setting is refused by the browser at the first
/// ceremony rather than here.
public struct RelyingParty: Sendable, Equatable {
    /// The RP ID: a domain, lower case, ASCII (a Unicode domain in its `xn--` form).
    public let id: String
    /// What browsers show as the site's name in their passkey dialogs.
    public let name: String
    /// The origin ceremonies must come from, as browsers serialize it: `https://example.com`,
    /// `http://localhost:8080` (default ports left out).
    public let origin: String

    /// The relying party of the site at `url` (an origin, or a URL whose path is ignored, such as
    /// a `--base-url`), with the RP ID `id` (by default the URL's host).
    ///
    /// - Throws: `.invalidRelyingParty`, the detail saying what to change.
    public init(url: String, id: String? = nil, name: String) throws(WebAuthnFailure) {
        let (scheme, host, port) = try Self.parseOrigin(url)
        if Self.isIPAddress(host) {
            throw WebAuthnFailure(
                .invalidRelyingParty, "\(host) is an IP address, which cannot be an RP ID: use http://localhost:PORT or a domain")
        }
        if scheme == "http" && !(host == "localhost" || host.hasSuffix(".localhost")) {
            throw WebAuthnFailure(.invalidRelyingParty, "passkeys need https (plain http works only on localhost)")
        }
        guard Self.isDomain(host) else {
            throw WebAuthnFailure(.invalidRelyingParty, "the host \(host) is not an ASCII domain name (write a Unicode domain as xn--)")
        }
        let rpID = (id ?? host).lowercased()
        guard !Self.isIPAddress(rpID) else { throw WebAuthnFailure(.invalidRelyingParty, "the RP ID \(rpID) is an IP address") }
        guard Self.isDomain(rpID) else { throw WebAuthnFailure(.invalidRelyingParty, "the RP ID \(rpID) is not a domain name") }
        guard host == rpID || host.hasSuffix("." + rpID) else {
            throw WebAuthnFailure(.invalidRelyingParty, "the RP ID \(rpID) is neither the host \(host) nor a suffix of it")
        }
        self.id = rpID
        self.name = name
        let defaultPort = scheme == "https" ? 443 : 80
        self.origin = "\(scheme)://\(host)" + (port == nil || port == defaultPort ? "" : ":\(port!)")
    }

    /// SHA-256 of the RP ID, which authenticator data must start with.
    public var idHash: [UInt8] { OpenSSL.sha256(Array(id.utf8)) }

    /// Scheme, lower-case host and port of `url`; its path, query and fragment are ignored.
    private static func parseOrigin(_ url: String) throws(WebAuthnFailure) -> (String, String, Int?) {
        let lower = url.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") {
            scheme = "https"
        } else if lower.hasPrefix("http://") {
            scheme = "http"
        } else {
            throw WebAuthnFailure(.invalidRelyingParty, "\(url) is not an http or https URL")
        }
        let rest = lower.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { throw WebAuthnFailure(.invalidRelyingParty, "a URL with user information") }
        var host = Substring(authority)
        var port: Int?
        if authority.hasPrefix("[") {
            // An IPv6 literal: reported as an IP address by the caller.
            guard let close = authority.firstIndex(of: "]") else { throw WebAuthnFailure(.invalidRelyingParty, "an unclosed IPv6 literal") }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { port = Int(after.dropFirst()) }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                throw WebAuthnFailure(.invalidRelyingParty, "the port of \(url) is not a number from 1 to 65535")
            }
            port = number
        }
        // A fully qualified name's final dot is another origin to the browser; not a useful RP ID.
        guard !host.isEmpty, !host.hasSuffix(".") else { throw WebAuthnFailure(.invalidRelyingParty, "\(url) has no usable host") }
        return (scheme, String(host), port)
    }

    /// An IPv6 literal in brackets, or four dot-separated decimal numbers (what a URL parser reads
    /// as IPv4; WHATWG URL also reads hex and fewer parts, refused here as non-domains below).
    static func isIPAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") || host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        // WHATWG URL §3.5: a host whose last label is numeric is parsed as IPv4 (or is invalid).
        guard let last = parts.last else { return false }
        return !last.isEmpty && (last.allSatisfy(\.isASCIIDigit) || last.hasPrefix("0x"))
    }

    /// Lower-case LDH labels of 1 to 63 characters, not starting or ending with a hyphen, 253 in all.
    static func isDomain(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        return host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
