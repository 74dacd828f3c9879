import GenkanValidation

/// What pages need from GenkanLocalization: locale negotiation and every text by key or code.
///
/// The server depends on this narrow interface rather than on the catalog's types, so that the
/// page layer can be read (and changed) without the catalog machinery; `LocalizedPageTexts`
/// implements it over `AuthErrorModel`.
public protocol PageTexts: Sendable {
    /// The shipped locales, in the order the language switcher lists them.
    var locales: [String] { get }
    /// The best shipped locale for an `Accept-Language` header (RFC 9110 §12.5.4).
    func locale(acceptLanguage: String) -> String
    /// The shipped locale a tag names (`ja-JP` → `ja`), or nil.
    func supportedLocale(_ tag: String) -> String?
    /// The plain text for a catalog key.
    func text(_ key: String, locale: String, _ parameters: IssueParameters) -> String
    /// The message for a validation issue, as plain text.
    func message(for issue: ValidationIssue, locale: String) -> String
    /// The message for a Firebase web error code (`auth/invalid-credential`), as plain text.
    func message(forAuthCode code: String, locale: String) -> String
    /// The language's name in itself, for the switcher (`日本語`).
    func languageName(_ locale: String) -> String
}

extension PageTexts {
    func text(_ key: String, _ locale: String) -> String { text(key, locale: locale, [:]) }
}
