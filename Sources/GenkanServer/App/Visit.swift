import GenkanStore

/// One request as the site sees it: its cookies, locale, client and whether it came over TLS.
struct Visit: Sendable {
    static let sessionCookie = "genkan_session"
    static let preSessionCookie = "genkan_pre"
    static let languageCookie = "lang"

    let request: HTTPRequest
    let cookies: Cookies
    let locale: String
    /// Set when `?lang=` chose the locale: the choice is remembered in a cookie.
    let chosenLocale: String?
    /// HTTPS, as the proxy reports it with `--trust-proxy`; cookies then get `Secure`.
    let isSecure: Bool
    /// The client's address (the proxy's view of it with `--trust-proxy`).
    let clientAddress: String
    /// The pre-session value binding anonymous forms; `isNewPreSession` when made for this visit.
    let preSession: String
    let isNewPreSession: Bool

    init(request: HTTPRequest, texts: any PageTexts, locales: LocaleCache, trustProxy: Bool) {
        self.request = request
        cookies = Cookies(headers: request.headers)
        let query = try? FormData(query: request.query)
        if let asked = query?["lang"], let locale = texts.supportedLocale(asked) {
            self.locale = locale
            chosenLocale = locale
        } else if let saved = cookies[Self.languageCookie], let locale = texts.supportedLocale(saved) {
            self.locale = locale
            chosenLocale = nil
        } else {
            locale = locales.locale(acceptLanguage: request.headers["accept-language"] ?? "", loop: request.loop)
            chosenLocale = nil
        }
        if trustProxy {
            isSecure = request.headers["x-forwarded-proto"]?.lowercased() == "https"
            let forwarded = request.headers.values("x-forwarded-for").joined(separator: ",")
            let last = forwarded.split(separator: ",").last.map { String($0).trimmingASCIIWhitespace() }
            clientAddress = last.flatMap { $0.isEmpty ? nil : $0 } ?? request.peerAddress
        } else {
            isSecure = false
            clientAddress = request.peerAddress
        }
        if let existing = cookies[Self.preSessionCookie], existing.utf8.count == 43,
            existing.utf8.allSatisfy(Self.isBase64URL)
        {
            preSession = existing
            isNewPreSession = false
        } else {
            preSession = Secret.token()
            isNewPreSession = true
        }
    }

    var sessionToken: String? {
        guard let token = cookies[Self.sessionCookie], token.utf8.count == 43, token.utf8.allSatisfy(Self.isBase64URL)
        else { return nil }
        return token
    }

    /// What an anonymous form's CSRF token is bound to.
    var anonymousBinding: String { "pre:" + preSession }

    /// What a signed-in form's CSRF token is bound to: a hash of the session token, so the token
    /// itself never leaves the cookie.
    static func sessionBinding(_ token: String) -> String {
        "session:" + Secret.hex(AccountStore.sessionKey(token: token))
    }

    /// The cookies every response to this visit sets: the remembered language, the pre-session.
    var standingCookies: [SetCookie] {
        var cookies: [SetCookie] = []
        if let chosenLocale {
            cookies.append(SetCookie(name: Self.languageCookie, value: chosenLocale, maxAge: 365 * 86_400, secure: isSecure))
        }
        if isNewPreSession {
            cookies.append(SetCookie(name: Self.preSessionCookie, value: preSession, secure: isSecure))
        }
        return cookies
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte == 0x2d
            || byte == 0x5f
    }
}
