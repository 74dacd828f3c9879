import Foundation
import Testing
@testable import GenkanCatalogTools

/// App Shortcuts catalogs: a localization holds `"stringSet" : { "state", "values" : [ … ] }`, a set
/// of phrases that may be longer or shorter than the source's.
@Suite struct StringSetTests {
    static let key = "Get a recipe in ${applicationName}"

    @Test func phrasesAreUnitsWithTheSetsState() throws {
        let catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        let de = try #require(catalog.entry(Self.key)).units("de")
        #expect(de.map(\.path.description) == ["stringSet.0", "stringSet.1", "stringSet.2"])
        #expect(de.map(\.value) == ["Hol ein Rezept in ${applicationName}", "Suche ein Rezept in ${applicationName}", "Rezept in ${applicationName}"])
        #expect(Set(de.map(\.state)) == ["translated"])
        #expect(catalog.sourceText(Self.key, UnitPath.plain.appendingPhrase(1)) == "Find a recipe by name in ${applicationName}")
        // A phrase past the source's own shows the source's first phrase.
        #expect(catalog.sourceText(Self.key, UnitPath.plain.appendingPhrase(2)) == "Get a recipe in ${applicationName}")
    }

    /// Export writes one unit per phrase, as many as the source or the translation has, with the
    /// translation's text (it wrote empty targets before).
    @Test func exportWritesEveryPhrase() throws {
        let catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        let de = catalog.exchangeUnits(locale: "de").filter { $0.key == Self.key }
        #expect(de.map(\.id) == (0..<3).map { "\(Self.key)|==|stringSet.\($0)" })
        #expect(de.allSatisfy { $0.target != nil && $0.state == "translated" })
        let ja = catalog.exchangeUnits(locale: "ja").filter { $0.key == Self.key }
        #expect(ja.map(\.target) == ["${applicationName}でレシピを取得", nil])
    }

    /// Importing into a locale with no phrase set yet makes one: a `stringSet`, never a
    /// `stringUnit` beside it (Xcode refuses that shape), exactly as the catalog had it.
    @Test(arguments: ExchangeFormat.allCases)
    func importMakesAStringSet(_ format: ExchangeFormat) throws {
        let original = try Fixture.catalog("AppShortcuts.xcstrings")
        let folder = try ExchangeTests.exportToDisk(format, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = original
        catalog.updateEntry(Self.key) { entry in entry.update(["localizations"]) { $0.remove("de") } }
        let url = ExchangeTests.translatedFiles(format, in: folder, locales: ["de"])[0]
        let importer = CatalogImporter()
        let report = importer.merge(try importer.read(url), into: &catalog, manifest: importer.manifestSources(near: url))
        #expect(report.changes.map(\.kind) == [.added, .added, .added], "\(report.changes)")
        #expect(catalog.entry(Self.key)?.localization("de")?.names == ["stringSet"])
        #expect(catalog.text == original.text)
    }

    /// A plain string for a phrase-set key (a .strings file named by key) is its first phrase.
    @Test func aPlainStringBecomesTheFirstPhrase() throws {
        var catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        let file = ImportedFile(locale: "de", format: .strings, units: [
            ImportedUnit(key: Self.key, path: .plain, target: "Hole ein Rezept in ${applicationName}", source: nil, state: nil),
        ])
        let report = CatalogImporter().merge(file, into: &catalog)
        #expect(report.changes.map(\.id) == ["\(Self.key)|==|stringSet.0"])
        #expect(catalog.entry(Self.key)?.localization("de")?["stringUnit"] == nil)
        #expect(catalog.phraseSet(Self.key, locale: "de", at: .plain)?.values.first == "Hole ein Rezept in ${applicationName}")
    }

    /// A translation that is a plain string where the source has a phrase set stays as it is
    /// through an unchanged round trip.
    @Test(arguments: ExchangeFormat.allCases)
    func aPlainTranslationOfAPhraseSetIsLeftAlone(_ format: ExchangeFormat) throws {
        var original = try Fixture.catalog("AppShortcuts.xcstrings")
        original.updateEntry(Self.key) { entry in entry.update(["localizations"]) { $0.remove("de") } }
        original.setUnit(Self.key, locale: "de", path: .plain, value: "Hol ein Rezept in ${applicationName}", state: "translated")
        let folder = try ExchangeTests.exportToDisk(format, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = original
        let url = ExchangeTests.translatedFiles(format, in: folder, locales: ["de"])[0]
        let importer = CatalogImporter()
        let report = importer.merge(try importer.read(url), into: &catalog, manifest: importer.manifestSources(near: url))
        #expect(report.changes.isEmpty, "\(report.changes)")
        #expect(catalog.text == original.text)
    }

    /// A phrase past the end of the set is added; the set keeps one state.
    @Test func aNewPhraseIsAppended() throws {
        var catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        let file = ImportedFile(locale: "ja", format: .xliff, units: [
            ImportedUnit(key: Self.key, path: UnitPath.plain.appendingPhrase(1), target: "${applicationName}で名前でレシピを探す", source: nil, state: "translated"),
        ])
        let report = CatalogImporter().merge(file, into: &catalog)
        #expect(report.changes.map(\.kind) == [.added])
        #expect(catalog.phraseSet(Self.key, locale: "ja", at: .plain)?.values.count == 2)
        #expect(catalog.phraseSet(Self.key, locale: "ja", at: .plain)?.state == "translated")
    }

    /// Lint no longer reports a missing translation for every phrase-set key, and compares a
    /// phrase's parameters with what every source phrase has.
    @Test func lintUnderstandsPhraseSets() throws {
        var catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        #expect(CatalogLinter().lint(catalog).filter { $0.severity == .error }.isEmpty)
        catalog.setUnit(Self.key, locale: "de", path: UnitPath.plain.appendingPhrase(2), value: "Rezept suchen", state: "translated")
        let findings = CatalogLinter().lint(catalog).filter { $0.severity == .error }
        #expect(findings.map(\.check.name) == ["placeholder-mismatch"])
        #expect(findings.first?.path == UnitPath.plain.appendingPhrase(2))
        #expect(findings.first?.message.contains("${applicationName}") == true)
    }

    /// Stats count a phrase set like any string: German translated, Japanese waiting for review.
    @Test func statsCountPhraseSets() throws {
        let stats = CatalogStats(try Fixture.catalog("AppShortcuts.xcstrings"))
        let rows = Dictionary(uniqueKeysWithValues: stats.rows.map { ($0.locale, $0) })
        #expect(rows["en"].map { [$0.translated, $0.needsReview, $0.missing] } == [3, 0, 0])
        #expect(rows["de"].map { [$0.translated, $0.needsReview, $0.missing] } == [3, 0, 0])
        #expect(rows["es"].map { [$0.translated, $0.needsReview, $0.missing] } == [2, 1, 0])
        #expect(rows["ja"].map { [$0.translated, $0.needsReview, $0.missing] } == [2, 1, 0])
    }
}
