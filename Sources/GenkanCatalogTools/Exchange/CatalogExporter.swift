import GenkanJSON

/// Writes a catalog's translations in an exchange format, one file (or folder) per locale.
public struct CatalogExporter: Sendable {
    public let catalog: StringCatalog
    /// The table name: the catalog's file name without `.xcstrings` ("Localizable").
    public let tableName: String
    public static let toolVersion = "0.1.0"

    public init(catalog: StringCatalog, tableName: String = "Localizable") {
        self.catalog = catalog
        self.tableName = tableName
    }

    /// The name of the manifest an export writes beside its files: the source text of every
    /// exported string, so that an import of a format that carries no source can still tell that
    /// the source changed since.
    public static let manifestName = "genkan-export.json"

    /// The files for `locales` (every locale but the source when empty).
    public func export(_ format: ExchangeFormat, locales: [String] = []) throws(CatalogError) -> [ExportedFile] {
        let chosen = locales.isEmpty ? catalog.targetLocales : locales
        guard !chosen.isEmpty else { throw CatalogError("the catalog has no locale besides its source language \(catalog.sourceLanguage); name one with --locale") }
        var files: [ExportedFile] = []
        var manifest: [(name: String, value: JSONValue)] = []
        for locale in chosen {
            guard locale != catalog.sourceLanguage else {
                throw CatalogError("\(locale) is the source language; export translations into other locales")
            }
            guard LocaleTag.isValid(locale) else { throw CatalogError("'\(locale)' is not a BCP 47 language tag") }
            let units = catalog.exchangeUnits(locale: locale)
            switch format {
            case .xliff: files.append(try XLIFFFormat.write(units, locale: locale, exporter: self))
            case .po: files.append(try POFormat.write(units, locale: locale, exporter: self))
            case .strings: files += try StringsFormat.write(units, locale: locale, exporter: self)
            case .android: files.append(try AndroidFormat.write(units, locale: locale, exporter: self))
            case .json: files.append(try JSONFlatFormat.write(units, locale: locale))
            }
            for unit in units where !manifest.contains(where: { $0.name == unit.id }) {
                manifest.append((unit.id, .string(unit.source)))
            }
        }
        let document = JSONValue.object([
            ("sourceLanguage", .string(catalog.sourceLanguage)),
            ("sources", .object(manifest)),
            ("table", .string(tableName)),
        ])
        files.append(ExportedFile(path: Self.manifestName, contents: document.xcodeText() + "\n"))
        return files
    }
}

/// BCP 47 tags as catalogs use them ("ja", "pt-BR", "zh-Hant", "es-419").
enum LocaleTag {
    static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return tag.count <= 35 && parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
