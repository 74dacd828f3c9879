/// How bad a finding is: an error fails `genkan catalog lint` (exit status 1), a warning does not.
public enum LintSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    case error, warning
}

/// One lint check: a stable name (used in output, JSON and configuration) and its severity.
public struct LintCheck: Sendable, Hashable {
    public let name: String
    public let severity: LintSeverity
    /// One sentence for `--help` and documentation.
    public let summary: String

    public static let missingTranslation = LintCheck(name: "missing-translation", severity: .error,
        summary: "A locale of the catalog has no string for a key that should be translated (stale keys are not counted, as in Xcode).")
    /// A warning, not an error: Xcode accepts an empty translation (a suffix some language leaves
    /// out), so only a person can tell a gap from a choice.
    public static let emptyValue = LintCheck(name: "empty-value", severity: .warning,
        summary: "A string is empty or only whitespace while its source is not.")
    public static let notReviewed = LintCheck(name: "not-reviewed", severity: .warning,
        summary: "A string is in state new, needs_review or machine_translated.")
    /// Arguments are matched as Xcode and Foundation match them, by number and type: a
    /// substitution counts as the argument its `argNum` and `formatSpecifier` give, whatever its
    /// name, so a translation may rename substitutions or write a plural as plain specifiers.
    /// What the code passes is the key's specifiers when it has any (Xcode's keys are the code's
    /// interpolation), else the source value's (`EntryArguments`).
    public static let placeholderMismatch = LintCheck(name: "placeholder-mismatch", severity: .error,
        summary: "A string uses an argument the code does not pass, or of another type (the code passes the key's specifiers, or the source value's when the key has none; a substitution is the argNum and formatSpecifier it names), or leaves one out (a warning where the key declares the arguments), or its ${name} parameters differ.")
    public static let invalidFormatSpecifier = LintCheck(name: "invalid-format-specifier", severity: .error,
        summary: "In a formatted string (its key or source value has arguments), a '%' sequence is not a valid format specifier ('%$11d', '%y', '%n'), or an unnumbered one names the same argument as a numbered one.")
    /// A warning: such a sequence is a percent sign before a word ("70% for") or at the end
    /// ("100 %"), never a specifier anyone meant, and it misreads only when the string is
    /// formatted, which a string without arguments is not.
    public static let strayPercent = LintCheck(name: "stray-percent", severity: .warning,
        summary: "A '%' before a space ('70% for' reads '% f') or at the end, in a formatted string (its key or source value has arguments); never counted as a placeholder.")
    public static let pluralIncomplete = LintCheck(name: "plural-incomplete", severity: .error,
        summary: "A plural variation has no 'other' form, so numbers in a missing category get no string.")
    public static let pluralFallback = LintCheck(name: "plural-fallback", severity: .warning,
        summary: "A plural variation lacks categories the language uses; Foundation shows its 'other' form for them.")
    public static let pluralUnusedCategory = LintCheck(name: "plural-unused-category", severity: .warning,
        summary: "A plural variation has a category the language does not use (never 'zero', which serves 0 everywhere).")
    public static let malformedSyntax = LintCheck(name: "malformed-syntax", severity: .error,
        summary: "Unbalanced braces, a plural or select message without 'other', or a substitution that is not defined.")
    public static let markupMismatch = LintCheck(name: "markup-mismatch", severity: .error,
        summary: "A translation's markup tags differ from the source's; markup is a known HTML element, a tag the string closes or that closes itself, or a name the source uses so ('<unknown (%d)>' is text).")
    public static let unsafeHTML = LintCheck(name: "unsafe-html", severity: .error,
        summary: "A translation has a tag that can run script or load content: <script>, <iframe>, <style> and the like, an on...= handler, a javascript: or data: URL.")
    public static let staleKey = LintCheck(name: "stale-key", severity: .warning,
        summary: "A key Xcode marked stale: no code extracts it any more.")
    public static let unusedKey = LintCheck(name: "unused-key", severity: .warning,
        summary: "A key in a code namespace that no code refers to, or one the program declares but no page or mail uses.")
    public static let missingKey = LintCheck(name: "missing-key", severity: .error,
        summary: "A code the program can produce has no key in the catalog.")
    public static let whitespaceMismatch = LintCheck(name: "whitespace-mismatch", severity: .warning,
        summary: "Leading or trailing whitespace or line breaks differ from the source.")
    public static let tooLong = LintCheck(name: "too-long", severity: .warning,
        summary: "A translation is wider than W3C's expected expansion for its source's length (with a margin) and 10 columns wider: little room in buttons and field messages.")
    public static let accountEnumeration = LintCheck(name: "account-enumeration", severity: .error,
        summary: "A credential message's wording reveals whether an account exists.")

    /// Every check, in the order findings are reported.
    public static let all: [LintCheck] = [
        .missingTranslation, .emptyValue, .notReviewed, .placeholderMismatch, .invalidFormatSpecifier, .strayPercent,
        .pluralIncomplete, .pluralFallback, .pluralUnusedCategory, .malformedSyntax, .markupMismatch, .unsafeHTML, .staleKey,
        .unusedKey, .missingKey, .whitespaceMismatch, .tooLong, .accountEnumeration,
    ]
}

/// One problem found in a catalog.
public struct LintFinding: Sendable, Hashable {
    public let check: LintCheck
    public let key: String
    /// Nil for findings about a key as a whole.
    public let locale: String?
    /// The variation path (`plural.one`), empty for the plain string.
    public let path: UnitPath
    public let message: String

    /// The check's severity, or a milder one for a case the check tells apart (a translation that
    /// only leaves out an argument its key passes is a `placeholder-mismatch` warning).
    public let severity: LintSeverity

    public init(_ check: LintCheck, key: String, locale: String?, path: UnitPath = .plain, severity: LintSeverity? = nil, _ message: String) {
        self.check = check
        self.key = key
        self.locale = locale
        self.path = path
        self.severity = severity ?? check.severity
        self.message = message
    }
}
