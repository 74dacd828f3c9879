/// Delivers messages to an SMTP server through libcurl.
///
/// The URL is `smtp://[user:password@]host[:port][/ehlo-name]` (port 25 by default) or
/// `smtps://…` (TLS from the first byte, port 465 by default); the user name and password are
/// percent-decoded and sent with AUTH (libcurl picks the best mechanism the server offers:
/// PLAIN, LOGIN, CRAM-MD5, …). EHLO names this machine's host name unless the URL has a path.
///
/// How the connection is protected (`security`):
/// - `smtps://` is TLS throughout.
/// - `smtp://` with a user name, to a host that is not loopback, *requires* STARTTLS: a server
///   that does not offer it gets no AUTH and no message (`mail.smtp.tls-unavailable`). AUTH is
///   never sent in the clear to another machine.
/// - `smtp://` otherwise (no credentials, or `localhost`, `127.0.0.0/8`, `[::1]`) uses STARTTLS
///   when the server offers it and goes on in the clear when it does not; `requireTLS` makes
///   STARTTLS mandatory here too (mail carries one-time codes).
///
/// Whenever TLS is used the server's certificate is verified against the system's CA store, or
/// against `caFile`, including in the opportunistic case. Each `send` opens one connection.
public struct SMTPTransport: MailTransport {
    /// How a connection is protected.
    public enum Security: String, Sendable, Hashable {
        /// `smtps://`: TLS from the first byte.
        case implicitTLS = "implicit TLS"
        /// `smtp://` with STARTTLS, or no delivery.
        case startTLSRequired = "STARTTLS required"
        /// `smtp://` with STARTTLS when the server offers it.
        case startTLSWhenOffered = "STARTTLS when offered"
    }

    /// The server as a log may show it: `smtp://user@host:port`, never the password.
    public let endpoint: String
    public let security: Security
    public let connectTimeout: Duration
    public let timeout: Duration
    public let caFile: String?
    let server: SMTPServerURL
    /// `host:port:address` entries that bypass name resolution (CURLOPT_RESOLVE); tests use it to
    /// reach a local server under a name that is not loopback.
    var resolve: [String] = []

    /// Checks the URL and settles the connection's security.
    ///
    /// - Parameters:
    ///   - url: `smtp://[user:password@]host[:port]` or `smtps://…`.
    ///   - connectTimeout: for the TCP connection and the TLS handshake.
    ///   - timeout: for a whole delivery, connection included.
    ///   - caFile: PEM certificates to trust instead of the system's (a self-signed test server).
    ///   - requireTLS: require STARTTLS even without credentials or on loopback.
    /// - Throws: `mail.smtp.invalid-url`, naming what is wrong (never repeating the password).
    public init(
        url: String, connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(60), caFile: String? = nil,
        requireTLS: Bool = false
    ) throws(MailError) {
        let server = try SMTPServerURL(url)
        self.server = server
        endpoint = server.display
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.caFile = caFile
        if server.implicitTLS {
            security = .implicitTLS
        } else if requireTLS || (server.user != nil && !server.isLoopback) {
            security = .startTLSRequired
        } else {
            security = .startTLSWhenOffered
        }
    }
}
