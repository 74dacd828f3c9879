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

    /// What `genkan catalog import` takes for `locale` from a folder an export wrote: the file, or
    /// the `.lproj` or `values-…` folder.
    public func importName(locale: String) -> String {
        switch self {
        case .xliff: "\(locale).xliff"
        case .po: "\(locale).po"
        case .json: "\(locale).json"
        case .strings: "\(locale).lproj"
        case .android: AndroidFormat.folder(locale)
        }
    }
}

/// One string offered to translators: where it goes, its source and its current translation.
public struct ExchangeUnit: Sendable, Hashable {
    public let key: String
    public let path: UnitPath
    public let source: String
    /// The current translation: nil when there is none yet, empty when a reviewer accepted an
    /// empty string (state `translated`).
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

    /// Whether `id(key:path:)` reads back (`parse(id:)`) as `key` and `path`. The dotted form
    /// names what Xcode's ids name; a catalog edited by hand can hold strings it cannot: a
    /// variation of another kind than `plural` or `device` (`substitutions.n.plural#@x@.one`
    /// reads as the plain string of a substitution named `n.plural#@x@.one`), a name with a `.`
    /// that makes the path split elsewhere, a key that itself contains `|==|`. `read` is how the
    /// format's reader takes a name apart (`parse(id:)`, or the .strings reader's own rule).
    static func readsBack(key: String, path: UnitPath, read: (String) -> (key: String, path: UnitPath)? = parse(id:)) -> Bool {
        guard let parsed = read(id(key: key, path: path)) else { return false }
        return parsed.key == key && parsed.path == path
    }

    /// Stops an export whose ids would not name `strings` again. An import of such an id
    /// finds another string (or none): the unchanged export added strings to the catalog or
    /// lost the translation (found by fuzz-xcstrings). Leaving the strings out would drop them
    /// silently from the translators' file, so the export names them and stops instead.
    static func requireReadingBack(
        _ strings: [(key: String, path: UnitPath)], locale: String, format: ExchangeFormat,
        read: (String) -> (key: String, path: UnitPath)? = parse(id:)
    ) throws(CatalogError) {
        var unnamed: [String] = []
        for (key, path) in strings where !readsBack(key: key, path: path, read: read) {
            let shown = "'\(id(key: key, path: path))'"
            if !unnamed.contains(shown) { unnamed.append(shown) }
        }
        guard unnamed.isEmpty else {
            throw CatalogError("""
                \(locale): \(format) names a string by `key|==|variation path`, which cannot name \(unnamed.joined(separator: ", ")) \
                so that an import finds it again (a variation other than plural or device, a name with '.' that splits \
                the path elsewhere, or a key containing '|==|'); rename the variation or key in the catalog
                """)
        }
    }
}

/// A file an export produced, relative to the output folder.
public struct ExportedFile: Sendable, Equatable {
    public let path: String
    public let contents: String
}

extension StringCatalog {
    /// The strings of `locale` to hand to translators, for every key that should be translated:
    /// every expected string (`expectedPaths`), a `zero` form wherever the source has one, every
    /// phrase of a phrase set (as many as the source or the translation has), and every string
    /// the translation has of its own, so that an export shows all that the catalog holds. Plural
    /// forms and phrases of one set are kept together, in CLDR and phrase order.
    public func exchangeUnits(locale: String) -> [ExchangeUnit] {
        var units: [ExchangeUnit] = []
        for entry in entries where entry.shouldTranslate {
            let translated = entry.units(locale)
            let existing = Dictionary(translated.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            for path in exchangePaths(entry, locale: locale, translated: translated) {
                let source = sourceText(entry.key, path)
                let unit = existing[path]
                // Text, or an empty string a reviewer accepted as the translation.
                let target = unit.flatMap { !$0.value.isEmpty || $0.state == TranslationState.translated ? $0.value : nil }
                if source.isEmpty, target == nil { continue }
                units.append(ExchangeUnit(key: entry.key, path: path, source: source, target: target,
                                          state: target == nil ? nil : unit?.state, comment: entry.comment))
            }
        }
        return units
    }

    private func exchangePaths(_ entry: CatalogEntry, locale: String, translated: [TranslationUnit]) -> [UnitPath] {
        var paths = expectedPaths(entry.key, locale: locale)
        func add(_ path: UnitPath) { if !paths.contains(path) { paths.append(path) } }
        let sourceUnits = entry.units(sourceLanguage)
        for unit in sourceUnits where unit.path.pluralCategory == "zero" {
            if paths.contains(where: { $0.pluralParent == unit.path.pluralParent }) { add(unit.path) }
        }
        for path in paths where path.phraseIndex == 0 {
            let parent = path.phraseSetParent!
            let count = max(sourceUnits.filter { $0.path.phraseSetParent == parent }.count,
                            translated.filter { $0.path.phraseSetParent == parent }.count)
            for index in 0..<count { add(parent.appendingPhrase(index)) }
        }
        for unit in translated { add(unit.path) }
        // Group plural forms and phrases with their siblings, groups in order of appearance.
        func group(_ path: UnitPath) -> [String] {
            if let parent = path.pluralParent { return parent.components + ["plural"] }
            if let parent = path.phraseSetParent { return parent.components + ["stringSet"] }
            return path.components
        }
        var order: [[String]] = []
        var members: [[String]: [UnitPath]] = [:]
        for path in paths {
            let key = group(path)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(path)
        }
        return order.flatMap { members[$0]!.sorted() }
    }
}
