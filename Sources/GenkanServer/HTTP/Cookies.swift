/// The cookies of a request (RFC 6265 §5.4), by name; the first of a repeated name wins.
public struct Cookies: Sendable {
    private var values: [String: String] = [:]

    /// No cookies.
    public init() {}

    /// Parses every `Cookie` header; at most 64 cookies are read.
    public init(headers: HTTPHeaders) {
        var count = 0
        for header in headers.values("cookie") {
            for pair in header.split(separator: ";", omittingEmptySubsequences: true) {
                guard count < 64 else { return }
                count += 1
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                let name = String(trimmed[..<equals]).trimmingASCIIWhitespace()
                var value = String(trimmed[trimmed.index(after: equals)...]).trimmingASCIIWhitespace()
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                if !name.isEmpty, values[name] == nil { values[name] = value }
            }
        }
    }

    public subscript(name: String) -> String? { values[name] }
}

/// A `Set-Cookie` header value (RFC 6265 §4.1).
public struct SetCookie: Sendable, Hashable {
    public enum SameSite: String, Sendable { case strict = "Strict", lax = "Lax" }

    public var name: String
    public var value: String
    public var path = "/"
    /// Seconds until expiry; nil for a session cookie, 0 to delete.
    public var maxAge: Int64?
    public var httpOnly = true
    public var secure = false
    public var sameSite: SameSite = .lax

    public init(name: String, value: String, maxAge: Int64? = nil, httpOnly: Bool = true, secure: Bool = false) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
    }

    /// A cookie that deletes `name` in the browser.
    public static func deletion(_ name: String, secure: Bool) -> SetCookie {
        SetCookie(name: name, value: "", maxAge: 0, secure: secure)
    }

    public var headerValue: String {
        var text = "\(name)=\(value); Path=\(path)"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if secure { text += "; Secure" }
        if httpOnly { text += "; HttpOnly" }
        text += "; SameSite=\(sameSite.rawValue)"
        return text
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start == 0 && end == bytes.count ? self : String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
