/// A route's path: literal segments and `{name}` parameters, one per segment.
///
/// A literal may contain `:` (the Identity Toolkit's `/v1/accounts:signUp`), which is why a
/// parameter is spelled `{name}` rather than `:name`.
@usableFromInline
package struct RoutePath: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    @usableFromInline package let description: String

    /// Parses `/a/{b}/c`; traps on a path that does not start with `/` or has an unclosed brace
    /// (routes are written in the source, so this is a programming error found at start).
    @usableFromInline
    package init(_ path: String) {
        precondition(path.hasPrefix("/"), "a route path starts with '/': \(path)")
        description = path
        segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            if part.hasPrefix("{") {
                precondition(part.hasSuffix("}") && part.count > 2, "a parameter is a whole segment {name}: \(path)")
                return .parameter(String(part.dropFirst().dropLast()))
            }
            precondition(!part.contains("{") && !part.contains("}"), "a parameter is a whole segment {name}: \(path)")
            return .literal(String(part))
        }
    }

    /// Whether the path has no parameter, so a dictionary look-up finds it.
    package var isStatic: Bool {
        !segments.contains { if case .parameter = $0 { true } else { false } }
    }

    /// The parameters when `path` (still percent-encoded) matches, nil otherwise. A parameter
    /// is percent-decoded and must be valid UTF-8 and non-empty.
    func match(_ path: String) -> RouteParameters? {
        var parameters = RouteParameters()
        var parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        guard path.utf8.first == UInt8(ascii: "/"), parts.count == segments.count else { return nil }
        for segment in segments {
            let part = parts.removeFirst()
            switch segment {
            case .literal(let literal):
                guard part.elementsEqual(literal.utf8) else { return nil }
            case .parameter(let name):
                guard !part.isEmpty, let value = try? FormData.percentDecoded(part, plusIsSpace: false) else { return nil }
                parameters.append(name, value)
            }
        }
        return parameters
    }
}

/// The values of a matched route's `{name}` segments.
public struct RouteParameters: Sendable {
    private var values: [(name: String, value: String)] = []

    public init() {}

    public mutating func append(_ name: String, _ value: String) {
        values.append((name, value))
    }

    public subscript(name: String) -> String? {
        values.first { $0.name == name }?.value
    }
}
