#if canImport(Glibc)
import Glibc
#endif

/// An SMTP URL taken apart: `smtp://[user:pass@]host[:port][/ehlo-name]` or `smtps://…`.
///
/// The user name and password are percent-decoded (RFC 3986 §3.2.1) and kept apart from the
/// URL handed to libcurl, so they never appear in its messages. Failures name the part that is
/// wrong and never repeat the URL, which may carry a password.
struct SMTPServerURL: Sendable, Hashable {
    /// `smtps://`: TLS from the first byte (RFC 8314 §3.3).
    var implicitTLS: Bool
    /// As written in the URL; an IPv6 address keeps its brackets.
    var host: String
    var port: Int
    /// The name libcurl sends with EHLO, when the URL has a path.
    var ehloName: String?
    var user: String?
    var password: String?

    var scheme: String { implicitTLS ? "smtps" : "smtp" }
    /// The URL libcurl connects to: no user information.
    var curlURL: String { "\(scheme)://\(host):\(port)" + (ehloName.map { "/" + $0 } ?? "") }
    /// The URL for logs: the user name, never the password.
    var display: String { "\(scheme)://" + (user.map { Self.displayUser($0) + "@" } ?? "") + "\(host):\(port)" }

    /// Whether the host is this machine by name or address: `localhost`, `127.0.0.0/8`, `::1`.
    /// A name that only resolves to a loopback address does not count.
    var isLoopback: Bool {
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if host.hasPrefix("["), inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &v6) == 1 {
            return withUnsafeBytes(of: &v6) { $0.dropLast().allSatisfy { $0 == 0 } && $0.last == 1 }
        }
        return false
    }

    init(_ url: String) throws(MailError) {
        func invalid(_ why: String) -> MailError {
            MailError(.invalidURL, "the SMTP URL \(why); expected smtp://[user:password@]host[:port] or smtps://…")
        }
        guard let separator = url.range(of: "://") else { throw invalid("has no scheme") }
        switch url[..<separator.lowerBound].lowercased() {
        case "smtp": implicitTLS = false
        case "smtps": implicitTLS = true
        default: throw invalid("does not start with smtp:// or smtps://")
        }
        var rest = url[separator.upperBound...]
        guard !rest.contains("?"), !rest.contains("#") else { throw invalid("has a query or a fragment") }

        var authority = rest
        ehloName = nil
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            let path = rest[rest.index(after: slash)...]
            guard path.utf8.allSatisfy({ MailAddress.isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
            else { throw invalid("has a path that is not a host name") }
            ehloName = path.isEmpty ? nil : String(path)
        }
        rest = authority

        user = nil
        password = nil
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let colon = userInfo.firstIndex(of: ":")
            guard let name = Self.percentDecoded(userInfo[..<(colon ?? userInfo.endIndex)]), !name.isEmpty else {
                throw invalid("has a user name that is empty or badly percent-encoded")
            }
            user = name
            if let colon {
                guard let secret = Self.percentDecoded(userInfo[userInfo.index(after: colon)...]) else {
                    throw invalid("has a badly percent-encoded password")
                }
                password = secret
            }
        }

        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw invalid("has an unclosed IPv6 address") }
            host = String(rest[...close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("has text after its IPv6 address") }
                portText = after.dropFirst()
            }
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1 else {
                throw invalid("has an invalid IPv6 address")
            }
        } else {
            let colon = rest.firstIndex(of: ":")
            host = String(rest[..<(colon ?? rest.endIndex)])
            if let colon { portText = rest[rest.index(after: colon)...] }
            guard !host.isEmpty,
                  host.utf8.allSatisfy({ MailAddress.isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
            else { throw invalid("has no host, or a host that is not a name or an address") }
        }
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number), portText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            else { throw invalid("has a port that is not a number from 1 to 65535") }
            port = number
        } else {
            port = implicitTLS ? 465 : 25
        }
    }

    /// RFC 3986 §2.1 percent-decoding into UTF-8; nil when a `%` is not followed by two hex digits
    /// or the result is not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The user name as a log shows it: printable ASCII kept, anything else percent-encoded.
    private static func displayUser(_ user: String) -> String {
        var out = ""
        for byte in user.utf8 {
            if MailAddress.isAtext(byte) && byte != UInt8(ascii: "%") || byte == UInt8(ascii: ".") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
