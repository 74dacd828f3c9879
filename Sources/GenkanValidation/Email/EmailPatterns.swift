/// The e-mail regular expressions Genkan runs, compiled once by PCRE2.
enum EmailPatterns {
    /// The "valid e-mail address" of the HTML Living Standard (§4.10.5.1.5, `<input type=email>`),
    /// written with explicit ASCII ranges: matching is case-sensitive, as caseless UTF matching
    /// would let `K` (U+212A) pass for `k`.
    static let whatwgSource =
        #"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"#

    /// The seed application's `validateEmail(email:)` pattern, which it matched against the
    /// whole value (`NSPredicate` `SELF MATCHES`).
    static let legacySource = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}"#

    static let whatwg = compile(whatwgSource)
    static let legacy = compile(legacySource)

    private static func compile(_ source: String) -> Pattern {
        do {
            return try Pattern(source, options: .wholeSubject)
        } catch {
            preconditionFailure("built-in e-mail pattern does not compile: \(error)")
        }
    }
}
