import GenkanHTTP

/// A path of the site, written once (`SitePath.passwordReset`): the router registers its routes
/// at it, and forms, links, redirects and mails point at it, so a path cannot drift from the
/// route that serves it.
///
/// A pattern may hold `{name}` segments (`/account/passkeys/{id}/remove`), as a `RoutePath` does;
/// `filled(_:)` turns it into a path to link to.
///
/// ```swift
/// router.get(.passwordReset, form: .passwordReset, use: showReset)
/// mail.link(SitePath.passwordReset.with(FormDescription.codeField, code))
/// ```
struct SitePath: Sendable, Hashable, CustomStringConvertible {
    /// The route's pattern, as the router matches it.
    let pattern: String

    /// Whether the pattern has `{name}` segments, so it must be filled before it is linked to
    /// (kept, not parsed again: `path` is read on every redirect).
    let hasParameters: Bool

    /// Traps on a pattern the router would refuse (found at start: every site path is a constant).
    init(_ pattern: String) {
        hasParameters = !RoutePath(pattern).isStatic
        self.pattern = pattern
    }

    var description: String { pattern }

    /// The path of a pattern without parameters.
    var path: String {
        precondition(!hasParameters, "\(pattern) has parameters: fill them in with filled(_:)")
        return pattern
    }

    /// The path with the `{name}` segments replaced by `values` in order, each percent-encoded
    /// (a `/` too, so a value stays one segment).
    func filled(_ values: String...) -> String {
        filled(values)
    }

    func filled(_ values: [String]) -> String {
        var remaining = values[...]
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{") else { return String(segment) }
            precondition(!remaining.isEmpty, "\(pattern) needs a value for \(segment)")
            return FormData.percentEncoded(remaining.removeFirst()).split(separator: "/", omittingEmptySubsequences: false)
                .joined(separator: "%2F")
        }
        precondition(remaining.isEmpty, "\(pattern) has fewer parameters than values given")
        return segments.joined(separator: "/")
    }

    /// The path with one query parameter, its value percent-encoded (`/password/reset?code=…`).
    func with(_ name: String, _ value: String) -> String {
        path + "?" + name + "=" + FormData.percentEncoded(value)
    }
}
