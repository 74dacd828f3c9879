import Testing
@testable import GenkanCatalogTools

@Suite struct StatsTests {
    static func row(_ stats: CatalogStats, _ locale: String) -> [Int]? {
        stats.rows.first { $0.locale == locale }.map { [$0.translated, $0.needsReview, $0.missing] }
    }

    /// Xcode marks source text it extracted `new`: the source column is complete, not 0 %.
    @Test func theSourceLanguagesNewIsDone() throws {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.setUnit("Save", locale: "en", path: .plain, value: "Save", state: "new")
        catalog.setUnit("Save", locale: "de", path: .plain, value: "Sichern", state: "translated")
        catalog.setUnit("Open", locale: "en", path: .plain, value: "Open", state: "needs_review")
        catalog.setUnit("Open", locale: "de", path: .plain, value: "Öffnen", state: "new")
        let stats = CatalogStats(catalog)
        #expect(Self.row(stats, "en") == [1, 1, 0])
        #expect(Self.row(stats, "de") == [1, 1, 0])
        #expect(stats.rows.first?.percent == 50)
    }

    /// Every state but `translated` waits for review; the empty key is not counted.
    @Test func statesAndTheEmptyKey() throws {
        let states = CatalogStats(try Fixture.catalog("States.xcstrings"))
        #expect(Self.row(states, "de") == [1, 3, 1])   // Done; items, Cancel, Delete; the empty suffix
        #expect(Self.row(states, "ja") == [1, 3, 1])   // Cancel; items, Delete (stale), Done; the empty suffix
        let plurals = CatalogStats(try Fixture.catalog("Plurals.xcstrings"))
        #expect(plurals.rows.allSatisfy { $0.total == 3 }, "\(plurals.rows)")
    }
}
