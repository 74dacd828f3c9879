extension AuthErrorCode {
    /// The error that one exact spelling names, or nil.
    ///
    /// Accepts the canonical code, the iOS case name (also as `AuthErrorCode.name`, `.name` and the
    /// Objective-C `FIRAuthErrorCodeName`), the iOS raw value including former ones, the `ERROR_`
    /// name, the Android code, the web code and its aliases, and the server strings. Server strings
    /// that the SDKs read differently are taken as `platform` reads them; one that only the other
    /// client maps still names its error. `AuthError(parsing:)` also accepts detail suffixes, REST
    /// bodies and wrapped SDK messages.
    ///
    /// ```swift
    /// AuthErrorCode(spelling: "17011")                   // .userNotFound
    /// AuthErrorCode(spelling: "USER_NOT_FOUND", platform: .web)   // .userTokenExpired
    /// ```
    public init?(spelling: String, platform: AuthErrorPlatform = .ios) {
        let index = AuthErrorSpellingIndex.shared
        var text = spelling
        for prefix in ["AuthErrorCode.Code.", "AuthErrorCode.", "."] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
            break
        }
        if text.hasPrefix("FIRAuthErrorCode"), let first = text.dropFirst(16).first, first.isUppercase {
            text = first.lowercased() + text.dropFirst(17)
        }
        guard let code = index.server[platform]?[text] ?? index.exact[text]
            ?? index.server[platform == .ios ? .web : .ios]?[text]
        else { return nil }
        self = code
    }

    /// The error an iOS raw value names, also one that an earlier SDK version used (17993).
    public init?(iosCode: Int) {
        guard let code = AuthErrorSpellingIndex.shared.exact[String(iosCode)] else { return nil }
        self = code
    }

    /// The error whose `errors[].reason` in a REST body names it (`keyInvalid`, `ipRefererBlocked`).
    package init?(reason: String) {
        guard let match = AuthErrorSpellingIndex.shared.reasons.first(where: { $0.0.matchesReason(reason) }) else {
            return nil
        }
        self = match.1
    }

    /// The iOS SDK's raw value (`17008`), nil for errors the iOS SDK does not have.
    public var iosCode: Int? { spellings.iosCode }

    /// The web SDK's code, nil for errors only the iOS SDK raises.
    public var webCode: String? { spellings.webCode }

    /// Every spelling, canonical code first, without duplicates (server strings as the table
    /// writes them, `USER_NOT_FOUND[ios]`).
    public var allSpellings: [String] {
        let spelling = spellings
        var result: [String] = []
        let candidates: [String?] = [rawValue, spelling.iosCaseName, spelling.iosCode.map(String.init)]
            + spelling.formerIOSCodes.map(String.init) + [spelling.errorName, spelling.androidCode, spelling.webCode]
            + spelling.aliases + spelling.serverStrings.map(\.description)
        for case let candidate? in candidates where !result.contains(candidate) { result.append(candidate) }
        return result
    }
}

extension AuthErrorCode: CustomStringConvertible {
    public var description: String { rawValue }
}

/// Lookup tables from every spelling to its error, built once from the generated table.
struct AuthErrorSpellingIndex: Sendable {
    static let shared = AuthErrorSpellingIndex()

    /// Spellings that mean the same error to every client.
    let exact: [String: AuthErrorCode]
    /// Server strings by the client that maps them; a string both map is in both.
    let server: [AuthErrorPlatform: [String: AuthErrorCode]]
    let reasons: [(AuthServerString, AuthErrorCode)]

    private init() {
        var exact: [String: AuthErrorCode] = [:]
        var server: [AuthErrorPlatform: [String: AuthErrorCode]] = [.ios: [:], .web: [:]]
        var reasons: [(AuthServerString, AuthErrorCode)] = []
        for code in AuthErrorCode.allCases {
            let spelling = code.spellings
            let names: [String?] = [code.rawValue, code.caseName, spelling.iosCaseName, spelling.errorName,
                                    spelling.androidCode, spelling.webCode, spelling.iosCode.map(String.init)]
                + spelling.formerIOSCodes.map(String.init) + spelling.aliases
            for case let name? in names { exact[name] = code }
            for string in spelling.serverStrings {
                if string.isReason { reasons.append((string, code)); continue }
                for platform in string.platform.map({ [$0] }) ?? AuthErrorPlatform.allCases {
                    server[platform]![string.value] = code
                }
            }
        }
        // Strings the SDKs' tables lack, for every client; a table row always wins.
        for (string, code) in Self.unlistedServerStrings {
            for platform in AuthErrorPlatform.allCases where server[platform]![string] == nil { server[platform]![string] = code }
        }
        self.exact = exact
        self.server = server
        self.reasons = reasons
    }
}
