/// The cookies of a request (RFC 6265 §5.4), by name; the first of a repeated name wins.
public struct Cookies: Sendable {
    private var values: [String: String] = [:]

    /// No cookies.
    public init() {}

    /// Parses every `Cookie` header; at most 64 cookies are read.
    ///
    /// The header is split at its `;` and `=` bytes (RFC 6265 §5.4 works on octets): split by
    /// `Character`, a `;` after a prepended mark such as U+0600 is part of one grapheme with it, and
    /// a cookie another site set could hide the next one.
    public init(headers: HTTPHeaders) {
        var count = 0
        for header in headers.values("cookie") {
            for pair in header.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
                guard count < 64 else { return }
                count += 1
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = Self.trimmed(pair[..<equals])
                var value = Self.trimmed(pair[pair.index(after: equals)...])
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                // Split at ASCII bytes, each part of valid UTF-8 is valid UTF-8.
                let key = String(decoding: name, as: UTF8.self)
                if !key.isEmpty, values[key] == nil { values[key] = String(decoding: value, as: UTF8.self) }
            }
        }
    }

    /// `bytes` without spaces and tabs at either end.
    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return bytes
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

    /// Written in one allocation: a new visitor's every page carries one.
    public var headerValue: String {
        String(capacity: name.utf8.count + value.utf8.count + path.utf8.count + 80) { text in
            text.append(name)
            text.append(byte: UInt8(ascii: "="))
            text.append(value)
            text.append("; Path=" as StaticString)
            text.append(path)
            if let maxAge {
                text.append("; Max-Age=" as StaticString)
                text.append(number: maxAge)
            }
            if secure { text.append("; Secure" as StaticString) }
            if httpOnly { text.append("; HttpOnly" as StaticString) }
            text.append("; SameSite=" as StaticString)
            text.append(sameSite.rawValue)
        }
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    package func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start == 0 && end == bytes.count ? self : String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
