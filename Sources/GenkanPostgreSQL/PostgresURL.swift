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

    /// Why the connection would not know it reaches the real server, or nil when it would: a
    /// host that is not this machine (not a socket folder, `localhost` or a loopback address),
    /// reached with an `sslmode` that checks no certificate (libpq's default, `prefer`, even falls
    /// back to clear text). `environmentMode` is `PGSSLMODE`, which libpq reads when the URL has none.
    func unverifiedTLS(environmentMode: String?) -> String? {
        // `host:port`, `[v6]:port` or a socket folder (`%2Fvar%2Frun…`), comma-separated; a `host`
        // parameter names them too.
        let listed = hosts.split(separator: ",").map { entry -> String in
            if entry.hasPrefix("[") { return String(entry.dropFirst().prefix { $0 != "]" }) }
            return String(entry.split(separator: ":", maxSplits: 1).first ?? entry)
        }
        let named = parameters.filter { $0.name == "host" || $0.name == "hostaddr" }.flatMap { $0.value.split(separator: ",").map(String.init) }
        guard let remote = (listed + named).first(where: { !Self.isThisMachine($0) }) else { return nil }
        let mode = parameters.last { $0.name == "sslmode" }.map { String($0.value) } ?? environmentMode ?? "prefer"
        guard mode != "verify-full" && mode != "verify-ca" else { return nil }
        return "PostgreSQL at \(remote) is reached with sslmode=\(mode), which checks no certificate: anyone on the network path "
            + "can pose as the database and read what Genkan stores; use sslmode=verify-full with sslrootcert=FILE (the "
            + "certificate of the server's authority)"
    }

    /// A socket folder, `localhost`, or a loopback address (libpq's empty host is the socket).
    private static func isThisMachine(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered.isEmpty || lowered.hasPrefix("/") || lowered.hasPrefix("%2f") || lowered == "localhost" || lowered.hasPrefix("127.")
            || lowered == "::1"
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
