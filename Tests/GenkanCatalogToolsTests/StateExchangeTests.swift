import GenkanJSON
import Foundation
import Testing
@testable import GenkanCatalogTools

/// Every state Xcode writes travels through the formats that have a place for it: XLIFF `state`
/// and `state-qualifier`, PO `fuzzy` and a translator comment, the JSON format's objects.
@Suite(.serialized) struct StateExchangeTests {
    static func export(_ format: ExchangeFormat, _ fixture: String = "States.xcstrings", locale: String) throws -> String {
        let files = try CatalogExporter(catalog: try Fixture.catalog(fixture)).export(format, locales: [locale])
        return try #require(files.first).contents
    }

    @Test func xliffNamesEveryState() throws {
        let de = try Self.export(.xliff, locale: "de")
        #expect(de.contains(#"<target state="needs-review-translation" state-qualifier="mt-suggestion">Abbrechen</target>"#))
        #expect(de.contains(#"<target state="new">%@ löschen</target>"#))
        #expect(de.contains(#"<target state="translated"></target>"#), "an empty translation a reviewer accepted")
        let fr = try Self.export(.xliff, locale: "fr")
        #expect(fr.contains(#"<target state="x-signed_off">Supprimer %@</target>"#), "a state Xcode may add, kept as is")
        #expect(fr.contains(#"<target state="needs-review-translation">Annuler</target>"#))
        let ja = try Self.export(.xliff, locale: "ja")
        #expect(ja.contains(#"<target state="x-stale">%@を削除</target>"#))
    }

    @Test func poCarriesStatesInATranslatorComment() throws {
        let de = try Self.export(.po, locale: "de")
        #expect(de.contains("# xcstrings-state: machine_translated\n#, fuzzy\nmsgctxt \"Cancel\""))
        #expect(de.contains("# xcstrings-state: new\n#. A button; %@ is the name of a file.\n#, fuzzy\nmsgctxt \"Delete %@\""))
        #expect(de.contains("\nmsgctxt \"Done\"\nmsgid \"Done\"\nmsgstr \"Fertig\"\n"), "translated needs no comment")
        #expect(de.contains("# xcstrings-state: translated\n#. Appended to a noun"), "an accepted empty msgstr is not 'untranslated'")
        #expect(de.contains("# xcstrings-state: one=machine_translated other=translated\n#. Items in the list.\n#, fuzzy\n"))
        let fr = try Self.export(.po, locale: "fr")
        #expect(fr.contains("#, fuzzy\nmsgctxt \"Cancel\""))
        #expect(!fr.contains("# xcstrings-state: needs_review"), "fuzzy alone says needs_review")
        #expect(fr.contains("# xcstrings-state: signed_off\n"))
    }

    @Test func jsonGivesStatesAsStringUnits() throws {
        let de = try JSONReader.parse(try Self.export(.json, locale: "de"))
        #expect(de["Cancel"] == .object([("state", .string("machine_translated")), ("value", .string("Abbrechen"))]))
        #expect(de["Done"] == .string("Fertig"))
        #expect(de["plural.suffix"] == .object([("state", .string("translated")), ("value", .string(""))]))
    }

    /// A reviewer's decision in another tool comes back as a state change.
    @Test func reviewersDecisionsComeBack() throws {
        let original = try Fixture.catalog("States.xcstrings")
        let folder = try ExchangeTests.exportToDisk(.xliff, catalog: original)
        let poFolder = try ExchangeTests.exportToDisk(.po, catalog: original)
        defer { for url in [folder, poFolder] { try? FileManager.default.removeItem(at: url) } }
        let importer = CatalogImporter()

        // XLIFF: the machine translation accepted (state translated, the qualifier left as it was).
        let xliff = folder.appending(path: "de.xliff")
        try Data(try String(contentsOf: xliff, encoding: .utf8).replacingOccurrences(
            of: #"<target state="needs-review-translation" state-qualifier="mt-suggestion">Abbrechen"#,
            with: #"<target state="translated" state-qualifier="mt-suggestion">Abbrechen"#).utf8).write(to: xliff)
        var catalog = original
        let report = importer.merge(try importer.read(xliff), into: &catalog)
        #expect(report.changes == [.init(id: "Cancel", kind: .stateChanged, old: "machine_translated", new: "translated")])

        // PO: fuzzy cleared on the machine translation, set on a translated string.
        let po = poFolder.appending(path: "de.po")
        var text = try String(contentsOf: po, encoding: .utf8)
        text = text.replacingOccurrences(of: "# xcstrings-state: machine_translated\n#, fuzzy\nmsgctxt \"Cancel\"",
                                         with: "# xcstrings-state: machine_translated\nmsgctxt \"Cancel\"")
        text = text.replacingOccurrences(of: "\nmsgctxt \"Done\"", with: "\n#, fuzzy\nmsgctxt \"Done\"")
        try Data(text.utf8).write(to: po)
        catalog = original
        let poReport = importer.merge(try importer.read(po), into: &catalog)
        #expect(Set(poReport.changes) == [
            .init(id: "Cancel", kind: .stateChanged, old: "machine_translated", new: "translated"),
            .init(id: "Done", kind: .stateChanged, old: "translated", new: "needs_review"),
        ])
    }

    /// A PO file whose comments another tool dropped: `fuzzy` alone does not turn a machine
    /// translation or a new string into needs_review, nor an accepted empty string into nothing.
    /// A plural entry has one flag for all its forms, so there a reviewed form beside one waiting
    /// for review becomes needs_review: that is what the comment is for.
    @Test func poWithoutCommentsKeepsStatesOnTheSameSideOfReview() throws {
        let original = try Fixture.catalog("States.xcstrings")
        let folder = try ExchangeTests.exportToDisk(.po, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        let po = folder.appending(path: "de.po")
        let stripped = try String(contentsOf: po, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("# xcstrings-state:") }.joined(separator: "\n")
        try Data(stripped.utf8).write(to: po)
        var catalog = original
        let importer = CatalogImporter()
        let report = importer.merge(try importer.read(po), into: &catalog)
        #expect(report.changes == [.init(id: "%lld items|==|plural.other", kind: .stateChanged, old: "translated", new: "needs_review")])
    }

    /// A state no format can write is refused, naming every entry, rather than changed.
    @Test(arguments: [ExchangeFormat.xliff, .po])
    func uncarriableStatesStopTheExport(_ format: ExchangeFormat) throws {
        var catalog = try Fixture.catalog("States.xcstrings")
        catalog.setState("Cancel", locale: "de", path: .plain, state: "waiting for legal")
        catalog.setState("Done", locale: "de", path: .plain, state: "a=b")
        #expect { try CatalogExporter(catalog: catalog).export(format, locales: ["de"]) } throws: { error in
            let message = (error as? CatalogError)?.message ?? ""
            return message.contains("Cancel (state 'waiting for legal')") && (format == .xliff || message.contains("Done (state 'a=b')"))
        }
    }
}
