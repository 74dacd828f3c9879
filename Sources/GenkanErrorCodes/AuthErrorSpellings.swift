/// The client whose interpretation of a server error string applies.
///
/// The iOS and web SDKs read a few server strings differently: `USER_NOT_FOUND` is `userNotFound` on
/// iOS and `auth/user-token-expired` on the web; `MISSING_CONTINUE_URI` and
/// `BLOCKING_FUNCTION_ERROR_RESPONSE` are their own errors on iOS and `auth/internal-error` on the web.
public enum AuthErrorPlatform: String, Sendable, Hashable, CaseIterable, Codable {
    case ios
    case web
}

/// A string the Identity Toolkit server returns in `error.message`, and the clients that map it.
public struct AuthServerString: Sendable, Hashable, CustomStringConvertible {
    /// The string, such as `EMAIL_EXISTS`; `reason:keyInvalid*` stands for an `errors[].reason` of
    /// the REST body that starts with `keyInvalid`.
    public let value: String
    /// The only client that maps it to this error, or nil when both do.
    public let platform: AuthErrorPlatform?

    public init(_ value: String, platform: AuthErrorPlatform? = nil) {
        self.value = value
        self.platform = platform
    }

    /// Whether this entry matches the `reason` of an `errors[]` member instead of `error.message`.
    public var isReason: Bool { value.hasPrefix("reason:") }

    /// `value` with its platform, as the reference table writes it (`USER_NOT_FOUND[ios]`).
    public var description: String { platform.map { "\(value)[\($0.rawValue)]" } ?? value }

    func matchesReason(_ reason: String) -> Bool {
        guard isReason else { return false }
        let pattern = value.dropFirst("reason:".count)
        if pattern.hasSuffix("*") { return reason.hasPrefix(pattern.dropLast()) }
        return reason == pattern
    }
}

/// Every spelling of one `AuthErrorCode` in the SDKs, on Android and on the server.
public struct AuthErrorSpellings: Sendable, Hashable {
    /// The iOS SDK's case name (`invalidEmail`).
    public let iosCaseName: String?
    /// The iOS SDK's raw value (`17008`).
    public let iosCode: Int?
    /// Raw values earlier iOS SDK versions used for the same error.
    public let formerIOSCodes: [Int]
    /// The iOS SDK's `FIRAuthErrorUserInfoNameKey` value (`ERROR_INVALID_EMAIL`).
    public let errorName: String?
    /// The Android SDK's error code (`ERROR_INVALID_EMAIL`).
    public let androidCode: String?
    /// The web SDK's code (`auth/invalid-email`).
    public let webCode: String?
    /// The server strings that mean this error.
    public let serverStrings: [AuthServerString]
    /// Other codes seen for this error, such as older web SDKs' fallbacks.
    public let aliases: [String]
    /// True for codes the iOS SDK no longer has.
    public let isRemovedFromIOS: Bool
}
