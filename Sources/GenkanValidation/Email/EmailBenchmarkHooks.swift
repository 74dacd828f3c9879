/// What `genkan-bench` measures inside GenkanValidation without making `Pattern` public: the
/// WHATWG e-mail pattern as PCRE2 runs it for `EmailRule.html`.
package enum EmailBenchmarkHooks {
    /// The pattern's source, for the engines compared against PCRE2.
    package static var whatwgPatternSource: String { EmailPatterns.whatwgSource }

    /// Whether the WHATWG pattern matches all of `value`, through PCRE2 JIT.
    package static func pcre2MatchesWhatwgPattern(_ value: String) -> Bool {
        EmailPatterns.whatwg.matches(value)
    }

    /// Whether PCRE2 JIT-compiled the pattern.
    package static var isJITCompiled: Bool { EmailPatterns.whatwg.isJITCompiled }
}
