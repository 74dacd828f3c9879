import Foundation
import GenkanHTTP
import Synchronization

/// The site's address as visitors reach it (`https://example.com`, no trailing slash): what
/// every link in a mail starts with. Configured, or, when it is not, the address the server
/// listens on, known only once it listens (a port of 0 picks one): hence set once after start.
final class BaseURL: Sendable {
    private let stored: Mutex<String>

    init(_ value: String) {
        stored = Mutex(value)
    }

    var value: String { stored.withLock { $0 } }

    /// Replaces the address derived before the server was listening.
    func listening(host: String, port: UInt16) {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host.contains(":") ? "[\(host)]" : host
        stored.withLock { $0 = "http://\(shown):\(port)" }
    }

    /// `http(s)://host[:port][/path]` without a trailing slash; links are this plus a path.
    static func checked(_ text: String) throws -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil, url.user == nil
        else { throw ServerError("--base-url must be an http or https URL such as https://example.com, not '\(text)'") }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
