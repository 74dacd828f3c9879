/// The name of one of the site's cookies. Over HTTPS it carries the `__Host-` prefix
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

    /// The session cookie.
    public static let session = CookieName("genkan_session")
    /// The pre-session that binds anonymous forms' tokens (`PreSession`).
    public static let preSession = CookieName("genkan_pre")
    /// The language chosen with `?lang=`.
    public static let language = CookieName("lang")
    /// A one-time notice for the next page (`Notice`).
    public static let notice = CookieName("genkan_notice")
    /// The accounts that signed in from this browser (`KnownDevices`).
    public static let device = CookieName("genkan_device")
    /// The browser's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), which
    /// `genkan.js` sets so that dates are shown in the reader's own time.
    public static let timeZone = CookieName("genkan_tz")
}
