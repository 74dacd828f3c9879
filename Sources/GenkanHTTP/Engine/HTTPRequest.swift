/// An HTTP request as the engine received it; a value, safe to pass to worker threads.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The path of the request target, still percent-encoded (RFC 3986 §3.3).
    public let path: String
    /// The query of the request target without the `?`, still percent-encoded; empty if none.
    public let query: String
    /// Header fields; names are lower-case.
    public let headers: HTTPHeaders
    public let body: [UInt8]
    /// The peer's IP address as text (the proxy's, behind a proxy).
    public var peerAddress: String { peerText ?? peer?.description ?? "" }
    /// The peer's address as the engine read it from the socket; nil when unknown or when the
    /// request was made from text that is not an address (in-process tests).
    let peer: IPAddress?
    /// The text a request made in-process was given, kept as it was.
    private let peerText: String?
    /// Which event loop received the request.
    public let loop: Int
    /// When the engine began handling the request (for the access log and timeouts).
    public let receivedAt: ContinuousClock.Instant

    public init(
        method: String, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        peerAddress: String = "", loop: Int = 0, receivedAt: ContinuousClock.Instant = .now
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        peer = IPAddress(peerAddress)
        peerText = peerAddress
        self.loop = loop
        self.receivedAt = receivedAt
    }

    /// A request the engine read, from a peer whose address it knows as bytes.
    init(
        method: String, path: String, query: String, headers: HTTPHeaders, body: [UInt8], peer: IPAddress?, loop: Int,
        receivedAt: ContinuousClock.Instant = .now
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.peer = peer
        peerText = nil
        self.loop = loop
        self.receivedAt = receivedAt
    }

    /// Splits a request target into path and query.
    public static func split(target: String) -> (path: String, query: String) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, "") }
        let path = String(target[..<mark])
        let query = String(target[target.utf8.index(after: mark)...])
        return (path, query)
    }
}
