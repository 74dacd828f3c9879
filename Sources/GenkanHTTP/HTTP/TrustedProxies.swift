/// The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` Genkan believes
/// (`--trust-proxy CIDR[,CIDR…]`). From any other peer those headers are ignored, so a client that
/// reaches the port directly cannot choose the address its limits are counted by.
public struct TrustedProxies: Sendable, Hashable {
    public let networks: [IPNetwork]

    public init(_ networks: [IPNetwork]) {
        self.networks = networks
    }

    /// No proxy: the peer is the client.
    public static let none = TrustedProxies([])
    /// A proxy on the same machine (`127.0.0.0/8` and `::1`): plain `--trust-proxy`.
    public static let loopback = TrustedProxies([try! IPNetwork("127.0.0.0/8"), try! IPNetwork("::1")])

    /// Reads `10.0.0.0/8,2001:db8::/32` (commas, optional spaces).
    public init(parsing list: String) throws(IPNetwork.ParseError) {
        var networks: [IPNetwork] = []
        for item in list.split(separator: ",") {
            let trimmed = String(item).trimmingASCIIWhitespace()
            guard !trimmed.isEmpty else { continue }
            networks.append(try IPNetwork(trimmed))
        }
        guard !networks.isEmpty else { throw IPNetwork.ParseError(description: "no network given (as in 10.0.0.0/8)") }
        self.networks = networks
    }

    public var isEmpty: Bool { networks.isEmpty }

    public func contains(_ address: IPAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// Who sent a request, and whether over HTTPS.
    struct Client: Sendable {
        /// The client's address, nil when the peer's text is not an address (in-process tests).
        let address: IPAddress?
        /// Its text, normalized (an IPv4 client of a dual-stack socket reads as IPv4).
        let text: String
        let isSecure: Bool

        /// What per-client limits count by (`IPAddress.clientKey`).
        var key: String { address?.clientKey ?? text }
    }

    /// The client of a request from `peer` (text that may not be an address: in-process tests).
    func client(peer: String, headers: HTTPHeaders) -> Client {
        client(peer: IPAddress(peer), text: peer, headers: headers)
    }

    /// The client of `request`, from the peer address the engine read from its socket.
    func client(of request: HTTPRequest) -> Client {
        client(peer: request.peer, text: request.peerAddress, headers: request.headers)
    }

    /// The client of a request from `peer`: when the peer is trusted, the right-most address of
    /// `X-Forwarded-For` that is not a trusted proxy (each proxy appends the peer it saw, so what
    /// lies left of the first untrusted hop is whatever the client wrote), and the scheme the
    /// nearest proxy reports in `X-Forwarded-Proto`. `text` is the peer as the request gives it,
    /// used only when it is not an address.
    private func client(peer: IPAddress?, text: @autoclosure () -> String, headers: HTTPHeaders) -> Client {
        guard let peerAddress = peer else { return Client(address: nil, text: text(), isSecure: false) }
        guard !networks.isEmpty, contains(peerAddress) else {
            return Client(address: peerAddress, text: peerAddress.description, isSecure: false)
        }
        let proto = Self.items(headers.values("x-forwarded-proto")).last
        let isSecure = proto.map { $0.trimmingASCIIWhitespace().lowercased() == "https" } ?? false
        var client = peerAddress
        for hop in Self.items(headers.values("x-forwarded-for")).reversed() {
            // A hop that is not an address was not written by a trusted proxy: stop at the last
            // one that was.
            guard let address = IPAddress(hop.trimmingASCIIWhitespace()) else { break }
            client = address
            if !contains(address) { break }
        }
        return Client(address: client, text: client.description, isSecure: isSecure)
    }

    /// The comma-separated items of header values, split at the `,` byte: split by `Character`, a
    /// comma after a prepended mark (U+0600) the client wrote is one grapheme with it, and the
    /// client's text would swallow the hop the proxy appended.
    static func items(_ values: [String]) -> [String] {
        values.flatMap { value in
            value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
