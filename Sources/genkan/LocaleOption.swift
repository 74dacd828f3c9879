import Foundation
import GenkanLocalization

/// The `--locale` option that commands printing messages share.
enum LocaleOption {
    /// A `--locale` value that is a language tag.
    static func checked(_ value: String) throws(UsageError) -> String {
        guard LocaleNegotiator.isLanguageTag(value) else {
            throw UsageError("--locale needs a language tag such as en, ja or pt-BR, not '\(value)'")
        }
        return value
    }

    /// The language of the POSIX locale environment (`ja_JP.UTF-8`), English for `C` and `POSIX`.
    static func environment() -> String {
        let environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value == "C" || value == "POSIX" || value.hasPrefix("C.") ? "en" : value
        }
        return "en"
    }
}
