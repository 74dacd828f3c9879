/// The name of one of an application's cookies. Over HTTPS it carries the `__Host-` prefix
/// (RFC 6265bis §4.1.3.2): a browser then keeps it only with `Secure`, `Path=/` and no `Domain`,
/// so neither a page on a sibling subdomain nor one served over plain HTTP can set or shadow it.
/// Over plain HTTP (development, or a proxy that does not say HTTPS) the bare name is used.
public struct CookieName: Sendable, Hashable {
    public let base: String

    public init(_ base: String) {
        self.base = base
    }

    public static let hostPrefix = "__Host-"

    /// The name as set and read on a request that came over HTTPS (`secure`) or not.
    public func name(secure: Bool) -> String {
        secure ? Self.hostPrefix + base : base
    }
}
