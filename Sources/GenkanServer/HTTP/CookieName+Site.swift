import GenkanHTTP

/// The site's cookies.
extension CookieName {
    /// The session cookie.
    public static let session = CookieName("genkan_session")
    /// The pre-session that binds anonymous forms' tokens (`PreSession`).
    public static let preSession = CookieName("genkan_pre")
    /// A sign-in waiting for its second step (`Authenticator.startSignIn`): the step's token, which
    /// works only with this browser's pre-session, for five minutes.
    public static let secondStep = CookieName("genkan_2fa")
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
