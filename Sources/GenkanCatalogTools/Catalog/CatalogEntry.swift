/// One key of a String Catalog with its localizations.
public struct CatalogEntry: Sendable, Equatable {
    public let key: String
    public let value: OrderedJSON

    public var comment: String? { value["comment"]?.stringValue }
    /// `manual`, `extracted_with_value`, `stale`, `migrated`, or nil (extracted from code).
    public var extractionState: String? { value["extractionState"]?.stringValue }
    /// False for strings that stay the same in every language (names, URLs).
    public var shouldTranslate: Bool { value["shouldTranslate"]?.boolValue ?? true }

    /// The locales this key has a localization for.
    public var localizationLocales: [String] { value["localizations"]?.names ?? [] }

    /// The raw localization object for `locale`.
    public func localization(_ locale: String) -> OrderedJSON? { value["localizations"]?[locale] }

    /// Every string of `locale` with its variation path, in file order.
    public func units(_ locale: String) -> [TranslationUnit] {
        guard let localization = localization(locale) else { return [] }
        var units: [TranslationUnit] = []
        Self.collect(localization, path: [], key: key, locale: locale, into: &units)
        return units
    }

    /// Walks a localization (or a substitution) object: its `stringUnit`, its `variations`, and its
    /// `substitutions`.
    private static func collect(_ node: OrderedJSON, path: [String], key: String, locale: String, into units: inout [TranslationUnit]) {
        if let unit = node["stringUnit"] {
            units.append(TranslationUnit(
                key: key, locale: locale, path: UnitPath(path),
                value: unit["value"]?.stringValue ?? "", state: unit["state"]?.stringValue))
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
    /// `translated`, `needs_review`, `new`, `stale`, or nil.
    public let state: String?
}

/// Where a string sits inside a localization: empty for the plain string, `plural.one`,
/// `device.iphone`, `substitutions.count.plural.few`, ...; the part after `|==|` in Xcode's XLIFF
/// unit identifiers.
public struct UnitPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let components: [String]
    public init(_ components: [String]) { self.components = components }

    /// Parses the dotted form; nil when a component is empty.
    public init?(dotted: String) {
        if dotted.isEmpty { self.init([]); return }
        let parts = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty), parts.count % 2 == 0 else { return nil }
        self.init(parts)
    }

    public static let plain = UnitPath([])
    public var isPlain: Bool { components.isEmpty }
    public var description: String { components.joined(separator: ".") }

    /// The plural category when the last step is a plural variation.
    public var pluralCategory: String? {
        components.count >= 2 && components[components.count - 2] == "plural" ? components.last : nil
    }

    /// The path without its last plural step (where the plural variation hangs).
    public var pluralParent: UnitPath? {
        pluralCategory == nil ? nil : UnitPath(Array(components.dropLast(2)))
    }

    /// The same place with plural category `category`.
    public func withPluralCategory(_ category: String) -> UnitPath {
        UnitPath(Array(components.dropLast(2)) + ["plural", category])
    }

    /// This path followed by the plural category `category` (for a variation's parent path).
    public func appendingPlural(_ category: String) -> UnitPath {
        UnitPath(components + ["plural", category])
    }

    /// The substitution name when this path lies inside one.
    public var substitution: String? {
        components.count >= 2 && components[0] == "substitutions" ? components[1] : nil
    }

    /// The member names from the localization object down to the `stringUnit`.
    var jsonPath: [String] {
        var result: [String] = []
        var index = 0
        while index + 1 < components.count {
            if components[index] == "substitutions" {
                result += ["substitutions", components[index + 1]]
            } else {
                result += ["variations", components[index], components[index + 1]]
            }
            index += 2
        }
        return result + ["stringUnit"]
    }

    public static func < (a: UnitPath, b: UnitPath) -> Bool {
        a.components.lexicographicallyPrecedes(b.components) { x, y in
            let order = ["zero", "one", "two", "few", "many", "other"]
            if let i = order.firstIndex(of: x), let j = order.firstIndex(of: y) { return i < j }
            return x < y
        }
    }
}
