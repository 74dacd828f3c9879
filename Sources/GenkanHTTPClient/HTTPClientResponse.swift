/// A response: its status, its header fields in order, and its body (at most the client's
/// `maximumResponseBytes`).
public struct HTTPClientResponse: Sendable {
    public let status: Int
    /// Header fields as received, names in lower case; a repeated name appears more than once.
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first field named `name` (any case).
    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name == name }?.value
    }

    /// How many seconds a cache may keep this response (RFC 9111 §4.2.1): `max-age` less the
    /// `Age` it already had, 0 for `no-store`/`no-cache`, nil when the response does not say
    /// (the caller picks a default). `Expires` is not read: every provider Genkan talks to sends
    /// `max-age`, and `Expires` needs the server's clock to agree with ours.
    public var freshnessLifetime: Int? {
        var maxAge: Int?
        for field in headers where field.name == "cache-control" {
            for directive in field.value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t\"") }
                switch parts[0].lowercased() {
                case "no-store", "no-cache": return 0
                case "max-age" where parts.count == 2: maxAge = Int(parts[1]).map { max(0, $0) } ?? maxAge
                default: break
                }
            }
        }
        guard let maxAge else { return nil }
        let age = header("age").flatMap { Int($0.trimmingCharacters(in: " \t")) } ?? 0
        return max(0, maxAge - max(0, age))
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        self[...].trimmingCharacters(in: set)
    }
}
