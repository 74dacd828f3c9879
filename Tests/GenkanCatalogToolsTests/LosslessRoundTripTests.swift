import Foundation
import Testing
@testable import GenkanCatalogTools

/// One translation to change in an exported file and then restore: `old` appears once in the
/// locale's file, `stateful` when its state is not plain `translated` (formats without states
/// cannot bring such a state back after an edit, and say so).
struct Edit: Sendable, CustomTestStringConvertible {
    let fixture: String
    let locale: String
    let old: String
    let new: String
    var stateful = false
    /// Formats with no place for this string (Android has no substitutions).
    var absentFrom: [ExchangeFormat] = []
    var testDescription: String { "\(fixture) \(locale) \(old)" }
}

@Suite(.serialized) struct LosslessRoundTripTests {
    static func importAll(_ format: ExchangeFormat, folder: URL, locales: [String], into catalog: inout StringCatalog) throws -> [ImportReport] {
        let importer = CatalogImporter()
        return try ExchangeTests.translatedFiles(format, in: folder, locales: locales).map { url in
            importer.merge(try importer.read(url), into: &catalog, manifest: importer.manifestSources(near: url))
        }
    }

    /// Export then import with no change rewrites nothing, in every format, on every fixture.
    @Test(arguments: issueFixtures, ExchangeFormat.allCases)
    func unchangedExportImportRewritesNothing(_ name: String, _ format: ExchangeFormat) throws {
        let original = try Fixture.catalog(name)
        let folder = try ExchangeTests.exportToDisk(format, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = original
        for report in try Self.importAll(format, folder: folder, locales: original.targetLocales, into: &catalog) {
            #expect(report.changes.isEmpty, "\(format) \(report.locale): \(report.changes)")
        }
        #expect(catalog.text == original.text)
    }

    static let edits: [Edit] = [
        Edit(fixture: "States.xcstrings", locale: "de", old: "Fertig", new: "Erledigt"),
        Edit(fixture: "States.xcstrings", locale: "de", old: "Abbrechen", new: "Abbruch", stateful: true),
        Edit(fixture: "States.xcstrings", locale: "fr", old: "Supprimer %@", new: "Effacer %@", stateful: true),
        Edit(fixture: "States.xcstrings", locale: "fr", old: "%lld d’éléments", new: "%lld d’objets", stateful: true),
        Edit(fixture: "AppShortcuts.xcstrings", locale: "de", old: "Hol ein Rezept in ${applicationName}", new: "Hole ein Rezept in ${applicationName}"),
        Edit(fixture: "AppShortcuts.xcstrings", locale: "ja", old: "${applicationName}でレシピを取得", new: "${applicationName}でレシピを表示", stateful: true),
        Edit(fixture: "Plurals.xcstrings", locale: "uk", old: "%lld байтів", new: "%lld байтов"),
        Edit(fixture: "Plurals.xcstrings", locale: "uk", old: "%lld файлу", new: "%lld файла"),
        Edit(fixture: "Plurals.xcstrings", locale: "de", old: "Keine Dateien", new: "Null Dateien"),
        Edit(fixture: "Plurals.xcstrings", locale: "de", old: "%lld Byte", new: "%lld Bytes"),
        Edit(fixture: "Plurals.xcstrings", locale: "fr", old: "%arg de chaînes", new: "%arg chaînes en tout", absentFrom: [.android]),
    ]

    /// The exported files a locale's translations are in.
    static func files(_ format: ExchangeFormat, folder: URL, locale: String) throws -> [URL] {
        let url = ExchangeTests.translatedFiles(format, in: folder, locales: [locale])[0]
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        return isFolder.boolValue ? try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil) : [url]
    }

    /// A translation changed in the exported file comes in; the file restored brings back the
    /// catalog byte for byte.
    @Test(arguments: edits, ExchangeFormat.allCases)
    func changedThenRestoredTranslationRewritesNothing(_ edit: Edit, _ format: ExchangeFormat) throws {
        // .strings and Android carry no state: an edited string becomes `translated` (a person
        // wrote it), so restoring it cannot bring a machine translation's state back.
        guard !edit.stateful || [.xliff, .po, .json].contains(format), !edit.absentFrom.contains(format) else { return }
        let original = try Fixture.catalog(edit.fixture)
        let folder = try ExchangeTests.exportToDisk(format, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.files(format, folder: folder, locale: edit.locale)
        let texts = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        let holders = zip(files, texts).filter { $0.1.components(separatedBy: edit.old).count == 2 }
        try #require(holders.count == 1, "\(format): '\(edit.old)' is not once in \(files.map(\.lastPathComponent))")
        let (file, text) = holders[0]

        try Data(text.replacingOccurrences(of: edit.old, with: edit.new).utf8).write(to: file)
        var catalog = original
        let changed = try Self.importAll(format, folder: folder, locales: [edit.locale], into: &catalog)[0]
        #expect(changed.changes.map(\.kind) == [.updated], "\(changed.changes) \(changed.skipped)")
        #expect(catalog.text.contains(edit.new) && catalog.text != original.text)

        try Data(text.utf8).write(to: file)
        let restored = try Self.importAll(format, folder: folder, locales: [edit.locale], into: &catalog)[0]
        #expect(restored.changes.map(\.kind) == [.updated], "\(restored.changes)")
        #expect(catalog.text == original.text)
    }
}
