import GenkanJSON

/// One key of a String Catalog with its localizations.
public struct CatalogEntry: Sendable, Equatable {
    public let key: String
    public let value: JSONValue

    public var comment: String? { value["comment"]?.stringValue }
    /// `manual`, `extracted_with_value`, `stale`, `migrated`, or nil (extracted from code).
    public var extractionState: String? { value["extractionState"]?.stringValue }
    /// False for strings that stay the same in every language (names, URLs).
    public var shouldTranslate: Bool { value["shouldTranslate"]?.boolValue ?? true }

    /// The locales this key has a localization for.
    public var localizationLocales: [String] { value["localizations"]?.names ?? [] }

    /// The raw localization object for `locale`.
    public func localization(_ locale: String) -> JSONValue? { value["localizations"]?[locale] }

    /// Every string of `locale` with its variation path, in file order.
    public func units(_ locale: String) -> [TranslationUnit] {
        guard let localization = localization(locale) else { return [] }
        var units: [TranslationUnit] = []
        Self.collect(localization, path: [], key: key, locale: locale, into: &units)
        return units
    }

    /// Walks a localization (or a substitution) object: its `stringUnit`, the phrases of its
    /// `stringSet` (App Shortcuts: `{"state": …, "values": [ … ]}`, one unit per phrase, all with
    /// the set's state), its `variations`, and its `substitutions`.
    private static func collect(_ node: JSONValue, path: [String], key: String, locale: String, into units: inout [TranslationUnit]) {
        if let unit = node["stringUnit"] {
            units.append(TranslationUnit(
                key: key, locale: locale, path: UnitPath(path),
                value: unit["value"]?.stringValue ?? "", state: unit["state"]?.stringValue))
        }
        if let set = node["stringSet"] {
            let state = set["state"]?.stringValue
            for (index, phrase) in (set["values"]?.elements ?? []).enumerated() {
                units.append(TranslationUnit(
                    key: key, locale: locale, path: UnitPath(path).appendingPhrase(index),
                    value: phrase.stringValue ?? "", state: state))
            }
        }
        for variation in node["variations"]?.members ?? [] {
            for option in variation.value.members ?? [] {
                collect(option.value, path: path + [variation.name, option.name], key: key, locale: locale, into: &units)
            }
        }
        for substitution in node["substitutions"]?.members ?? [] {
            collect(substitution.value, path: path + ["substitutions", substitution.name], key: key, locale: locale, into: &units)
        }
    }

    /// The string of `locale` at `path`, if there is one.
    public func unit(_ locale: String, _ path: UnitPath) -> TranslationUnit? {
        units(locale).first { $0.path == path }
    }
}

/// One string of a catalog: a key, a locale and where among the variations it sits.
public struct TranslationUnit: Sendable, Hashable {
    public let key: String
    public let locale: String
    public let path: UnitPath
    public let value: String
    /// `translated`, `needs_review`, `new`, `stale`, `machine_translated` (see `TranslationState`),
    /// any other value Xcode may write, or nil.
    public let state: String?
}
