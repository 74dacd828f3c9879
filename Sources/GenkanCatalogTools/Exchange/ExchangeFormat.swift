import Foundation

/// The file formats `genkan catalog export` writes and `import` reads.
public enum ExchangeFormat: String, Sendable, CaseIterable {
    /// XLIFF 1.2 as Xcode exports a String Catalog (`key|==|plural.one` unit ids).
    case xliff
    /// GNU gettext PO, one file per locale, `msgctxt` = key.
    case po
    /// Legacy `.strings` and `.stringsdict` in `<locale>.lproj` folders.
    case strings
    /// Android `values-<qualifier>/strings.xml` with `<plurals>`.
    case android
    /// One flat JSON object per locale: `key` or `key|==|plural.one` to the string.
    case json
}

/// One string offered to translators: where it goes, its source and its current translation.
public struct ExchangeUnit: Sendable, Hashable {
    public let key: String
    public let path: UnitPath
    public let source: String
    /// The current translation, nil when there is none yet.
    public let target: String?
    /// The catalog state of the translation.
    public let state: String?
    public let comment: String?

    /// `key` or `key|==|plural.one`: Xcode's XLIFF unit id.
    public var id: String { Self.id(key: key, path: path) }

    public static func id(key: String, path: UnitPath) -> String {
        path.isPlain ? key : key + "|==|" + path.description
    }

    /// Splits an id at its last `|==|`.
    public static func parse(id: String) -> (key: String, path: UnitPath)? {
        guard let range = id.range(of: "|==|", options: .backwards) else { return (id, .plain) }
        guard let path = UnitPath(dotted: String(id[range.upperBound...])) else { return nil }
        return (String(id[..<range.lowerBound]), path)
    }
}

/// A file an export produced, relative to the output folder.
public struct ExportedFile: Sendable, Equatable {
    public let path: String
    public let contents: String
}

extension StringCatalog {
    /// The strings of `locale` to hand to translators: every expected string of every key that
    /// should be translated, with the current translation where there is one.
    public func exchangeUnits(locale: String) -> [ExchangeUnit] {
        var units: [ExchangeUnit] = []
        for entry in entries where entry.shouldTranslate {
            let existing = Dictionary(entry.units(locale).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            for path in expectedPaths(entry.key, locale: locale) {
                let source = sourceText(entry.key, path)
                if source.isEmpty { continue }
                let unit = existing[path]
                let target = unit.flatMap { $0.value.isEmpty ? nil : $0.value }
                units.append(ExchangeUnit(key: entry.key, path: path, source: source, target: target,
                                          state: target == nil ? nil : unit?.state, comment: entry.comment))
            }
        }
        return units
    }
}
