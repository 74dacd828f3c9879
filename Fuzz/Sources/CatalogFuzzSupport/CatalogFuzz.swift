import Foundation
import FuzzSupport
@testable import GenkanCatalogTools

/// What the catalog targets share: catalogs to import into (the test fixtures), a scratch folder
/// for the formats that are read from disk, and the round trips the catalog tools promise.
public enum CatalogFuzz {
    /// The repository's catalog test fixtures (the fuzz targets run from the checkout that built them).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Tests/GenkanCatalogToolsTests/Fixtures")

    /// Catalogs with every shape an import can meet: plain strings in many locales (Exchange),
    /// every state (States), plural sets, substitutions and the empty key (Plurals), phrase sets
    /// (AppShortcuts).
    public static let bases: [StringCatalog] = ["Exchange.xcstrings", "States.xcstrings", "Plurals.xcstrings", "AppShortcuts.xcstrings"]
        .map { name in
            do {
                return try StringCatalog(bytes: Array(try Data(contentsOf: fixtures.appending(path: name))))
            } catch {
                Fuzz.fail("cannot read the fixture \(name): \(error)")
            }
        }

    /// The locales the fixtures translate into, for files that name none.
    public static let locales = ["ja", "de", "fr", "pl", "uk", "ru", "zh-Hans", "pt-BR"]

    /// A folder of this process's own, on tmpfs when there is one.
    public static let scratch: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let url = URL(fileURLWithPath: base).appending(path: "genkan-fuzz-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: CatalogFuzz.scratch) }
        return url
    }()

    /// An empty folder under `scratch` for one input.
    public static func freshFolder() -> URL {
        let url = scratch.appending(path: "run")
        try? FileManager.default.removeItem(at: url)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `files` (paths relative to `folder`).
    public static func write(_ files: [ExportedFile], to folder: URL) {
        for file in files {
            let url = folder.appending(path: file.path)
            try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(file.contents.utf8).write(to: url)
        }
    }

    /// What an import of `locale` reads from an export in `folder` (a file, or a `.lproj` or
    /// `values-…` folder).
    public static func importURL(_ format: ExchangeFormat, folder: URL, locale: String) -> URL {
        folder.appending(path: format.importName(locale: locale))
    }

    /// The catalog, written and read again, is the same catalog, and writes the same text.
    public static func checkTextRoundTrip(_ catalog: StringCatalog, _ context: @autoclosure () -> String) {
        let text = catalog.text
        do {
            let again = try StringCatalog(text: text)
            Fuzz.check(again == catalog && again.text == text, "\(context()): the catalog written and read again differs")
        } catch {
            Fuzz.fail("\(context()): the catalog as written does not read: \(error)\n\(text.prefix(2000))")
        }
    }

    /// Exports `catalog` in `format` for `locale`, imports the export, and requires that nothing
    /// changed: an unchanged round trip rewrites no byte, whatever the catalog holds. An export
    /// that refuses (a state the format cannot write) is fine.
    public static func checkLosslessExport(_ catalog: StringCatalog, format: ExchangeFormat, locale: String, _ context: @autoclosure () -> String) {
        guard locale != catalog.sourceLanguage, LocaleTag.isValid(locale) else { return }
        guard let files = try? CatalogExporter(catalog: catalog).export(format, locales: [locale]) else { return }
        let folder = freshFolder()
        write(files, to: folder)
        let url = importURL(format, folder: folder, locale: locale)
        let importer = CatalogImporter()
        let file: ImportedFile
        do {
            file = try importer.read(url)
        } catch {
            Fuzz.fail("\(context()): the \(format) export for \(locale) does not read back: \(error)\n\(files.map(\.contents).joined().prefix(3000))")
        }
        var merged = catalog
        let report = importer.merge(file, into: &merged, manifest: importer.manifestSources(near: url))
        Fuzz.check(report.changes.isEmpty && merged.text == catalog.text,
                   "\(context()): the unchanged \(format) export for \(locale) changes the catalog: \(report.changes.prefix(5))\n\(files.map(\.contents).joined().prefix(3000))")
    }

    /// The checks of a file read from the fuzzer's bytes: merged into a fixture, the result writes
    /// and reads as itself, a second merge of the same file changes nothing, and exporting the
    /// result in the file's own format and importing that changes nothing.
    public static func checkImport(_ file: ImportedFile, format: ExchangeFormat, base: Int) {
        Fuzz.check(LocaleTag.isValid(file.locale), "the file's locale \(shown(file.locale)) is not a language tag")
        let importer = CatalogImporter()
        var catalog = bases[base % bases.count]
        _ = importer.merge(file, into: &catalog)
        checkTextRoundTrip(catalog, "after a \(format) import into \(locale(of: base))")
        var twice = catalog
        let report = importer.merge(file, into: &twice)
        Fuzz.check(twice.text == catalog.text,
                   "merging the \(format) file a second time changes the catalog: \(report.changes.prefix(5))")
        checkLosslessExport(catalog, format: format, locale: file.locale, "after a \(format) import")
    }

    static func locale(of base: Int) -> String {
        ["Exchange", "States", "Plurals", "AppShortcuts"][base % bases.count]
    }
}
