/// A `postgresql://` (or `postgres://`) connection URL, taken apart only as far as Genkan needs:
/// to tell it from a file path, to print it without its password, and to name another database
/// on the same server. libpq reads the URL itself (libpq-connect.html §34.1.1.2: `scheme://
/// [user[:password]@][host][:port][,…][/dbname][?param=value&…]`).
struct PostgresURL: Sendable, Hashable {
    /// The URL as given; this is what libpq reads.
    let text: String
    let scheme: String
    /// `user[:password]`, percent-encoded as written; nil when there is no `@`.
    let userInfo: Substring?
    /// `host[:port][,host[:port]…]` as written (may be empty: libpq's defaults).
    let hosts: Substring
    /// The path without its `/`, percent-encoded as written; nil when there is none.
    let database: Substring?
    /// What follows `?`, as written.
    let query: Substring?

    static let schemes = ["postgresql://", "postgres://"]

    /// Whether `value` is meant as a PostgreSQL URL rather than a file path (libpq's own test: the
    /// scheme, in lower case).
    static func isURL(_ value: String) -> Bool {
        schemes.contains { value.hasPrefix($0) }
    }

    /// Splits `text` in libpq's order (`conninfo_uri_parse_options`); nil when it does not start
    /// with a PostgreSQL scheme.
    init?(_ text: String) {
        guard let scheme = Self.schemes.first(where: { text.hasPrefix($0) }) else { return nil }
        self.text = text
        self.scheme = scheme
        var rest = text.dropFirst(scheme.count)
        // The user part runs to an `@` met before any `/` (a `?` does not end it): an `@` or a
        // `/` in a password must be percent-encoded.
        let beforePath = rest.prefix { $0 != "/" }
        if let at = beforePath.firstIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        } else {
            userInfo = nil
        }
        let hostsEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        hosts = rest[..<hostsEnd]
        rest = rest[hostsEnd...]
        if rest.first == "/" {
            let pathEnd = rest.firstIndex(of: "?") ?? rest.endIndex
            database = rest[rest.index(after: rest.startIndex)..<pathEnd]
            rest = rest[pathEnd...]
        } else {
            database = nil
        }
        query = rest.first == "?" ? rest.dropFirst() : nil
    }

    /// The password as written, in the user part and in a `password` parameter: scrubbed from
    /// libpq's messages, which may quote the part of a URL it could not read.
    var secrets: [String] {
        var found = parameters.filter { $0.name == "password" }.map { String($0.value) }
        if let userInfo, let colon = userInfo.firstIndex(of: ":") { found.append(String(userInfo[userInfo.index(after: colon)...])) }
        return found
    }

    /// The `?name=value` parameters, names as written.
    private var parameters: [(name: Substring, value: Substring)] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (pair, "") }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
    }

    /// The URL with its password, wherever it is, replaced by `***`: for messages and logs.
    var redacted: String {
        var result = scheme
        if let userInfo {
            if let colon = userInfo.firstIndex(of: ":") {
                result += userInfo[..<colon] + ":***@"
            } else {
                result += userInfo + "@"
            }
        }
        result += hosts
        if let database { result += "/" + database }
        if query != nil {
            let shown = parameters.map { parameter in
                parameter.name == "password" ? "\(parameter.name)=***" : "\(parameter.name)=\(parameter.value)"
            }
            result += "?" + shown.joined(separator: "&")
        }
        return result
    }

    /// The same server and credentials with another database (`name` is used as is: a plain
    /// identifier needs no encoding). The password is kept: this is for connecting, not printing.
    func replacingDatabase(with name: String) -> String {
        scheme + (userInfo.map { "\($0)@" } ?? "") + hosts + "/" + name + (query.map { "?\($0)" } ?? "")
    }
}
