import Foundation

extension LocaleNegotiator {
    /// The languages this process prefers, best first: `Locale.preferredLanguages` on Apple
    /// platforms; elsewhere the environment, read as gettext reads it (see
    /// `preferredLanguages(environment:)`).
    ///
    /// Foundation on Linux answers `Locale.preferredLanguages` with `["en-001"]` whatever `LANG`
    /// says (Swift 6.3.1), so the environment is read directly there.
    public static var processPreferredLanguages: [String] {
        #if canImport(Darwin)
        Locale.preferredLanguages
        #else
        preferredLanguages(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The languages an environment prefers, best first, as GNU gettext chooses a message
    /// catalog: the locale of messages is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is
    /// set and not empty (POSIX.1-2017 XBD §8.2); before it come the colon-separated languages of
    /// `LANGUAGE`, which gettext ignores when that locale is `C` or `POSIX` (or unset).
    ///
    /// ```swift
    /// LocaleNegotiator.preferredLanguages(environment: ["LANGUAGE": "de:fr", "LANG": "ja_JP.UTF-8"])
    /// // ["de", "fr", "ja_JP.UTF-8"]
    /// ```
    public static func preferredLanguages(environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, locale != "C", locale != "POSIX" else { return [] }
        let languages = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return Array(languages.prefix(maximumRanges)) + [locale]
    }
}
