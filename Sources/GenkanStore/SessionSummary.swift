/// One of an account's live sessions or API clients, as the list of signed-in devices shows it. It
/// holds no secret: `handle` names the session to end it, and cannot be used to resume it.
public struct SessionSummary: Sendable, Hashable {
    /// What holds the session.
    public enum Kind: Sendable, Hashable {
        /// A browser signed in on the site (a session cookie).
        case browser
        /// An app signed in through the Firebase-compatible API (a refresh token), with how it
        /// signed in (`password`, `google.com`, …).
        case app(signInProvider: String)
    }

    /// A stable name for the session: the first 16 hexadecimal digits (64 bits) of the SHA-256 of
    /// its token, which is what the store keeps. A hash cannot be turned back into the token, so
    /// a handle shown in a page or a log lets no one sign in.
    public let handle: String
    public let createdAt: Int64
    /// When its holder last proved the password (sign-in, re-authentication).
    public let authenticatedAt: Int64
    public let lastSeenAt: Int64
    public let expiresAt: Int64
    /// The browser's `User-Agent` when the session started, if it sent one.
    public let userAgent: String?
    /// Whether this is the session of the token the list was asked with ("this device").
    public let isCurrent: Bool
    public let kind: Kind

    /// The number of bytes of the token's hash a handle shows.
    static let handleBytes = 8

    /// The handle of the session stored under `key` (`AccountStore.sessionKey`).
    static func handle(key: [UInt8]) -> String {
        Secret.hex(key.prefix(handleBytes))
    }

    /// The hash prefix a handle names: nil unless it is exactly 16 lower-case hexadecimal digits.
    static func keyPrefix(handle: String) -> [UInt8]? {
        let digits = Array(handle.utf8)
        guard digits.count == handleBytes * 2 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(handleBytes)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
