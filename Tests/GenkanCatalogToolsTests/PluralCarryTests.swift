import Foundation
import GenkanTestSupport
import Testing
@testable import GenkanCatalogTools

/// Plural forms a format has no slot for travel anyway: PO keeps the forms of a set that lacks a
/// category, and gives the forms no `Plural-Forms` index selects (ru/uk `other` for fractions, a
/// `zero` form) an entry each; XLIFF carries `zero` wherever the source or translation has it.
@Suite(.serialized) struct PluralCarryTests {
    static func po(_ locale: String) throws -> String {
        try #require(try CatalogExporter(catalog: try Fixture.catalog("Plurals.xcstrings")).export(.po, locales: [locale]).first).contents
    }

    @Test func aSetMissingACategoryKeepsItsForms() throws {
        // German "%lld Byte" gives only `other`; French and Spanish lack `many`.
        let de = try Self.po("de")
        #expect(de.contains("# xcstrings-state: other=translated\n#. A file size.\n#, fuzzy\nmsgctxt \"%lld bytes\"\nmsgid \"%lld byte\"\nmsgid_plural \"%lld bytes\"\nmsgstr[0] \"\"\nmsgstr[1] \"%lld Byte\"\n"))
        let fr = try Self.po("fr")
        #expect(fr.contains("msgstr[0] \"%lld octet\"\nmsgstr[1] \"\"\nmsgstr[2] \"%lld octets\"\n"))
        let es = try Self.po("es")
        #expect(es.contains("msgstr[0] \"%lld byte\"\nmsgstr[1] \"\"\nmsgstr[2] \"%lld bytes\"\n"))
    }

    @Test(arguments: ["ru", "uk"])
    func fractionsOtherIsAnEntryOfItsOwn(_ locale: String) throws {
        let po = try Self.po(locale)
        let other = locale == "ru" ? "%lld байта" : "%lld байта"
        #expect(po.contains("msgctxt \"%lld bytes|==|plural.other\"\nmsgid \"%lld bytes\"\nmsgstr \"\(other)\"\n"))
        #expect(po.contains("msgctxt \"Found %lld strings|==|substitutions.total.strings.plural.other\"\n"))
        #expect(po.contains("gettext's integer Plural-Forms never select, such as fractions."))
    }

    @Test func zeroTravelsInEveryLanguage() throws {
        let de = try Self.po("de")
        #expect(de.contains("msgctxt \"%lld files|==|plural.zero\"\nmsgid \"No files\"\nmsgstr \"Keine Dateien\"\n"))
        let ru = try Self.po("ru")
        #expect(ru.contains("msgctxt \"%lld files|==|plural.zero\"\nmsgid \"No files\"\nmsgstr \"\"\n"), "offered: the source has one")
        let xliff = try #require(try CatalogExporter(catalog: try Fixture.catalog("Plurals.xcstrings")).export(.xliff, locales: ["fr"]).first).contents
        #expect(xliff.contains("<trans-unit id=\"%lld files|==|plural.zero\" xml:space=\"preserve\">\n        <source>No files</source>\n        <target state=\"translated\">Aucun fichier</target>"))
    }

    /// An import takes `zero` in a language without the category (Apple's rule), and a category
    /// the language lacks only where the catalog already has it.
    @Test func importTakesZeroAnywhere() throws {
        var catalog = try Fixture.catalog("Plurals.xcstrings")
        let file = ImportedFile(locale: "ru", format: .po, units: [
            ImportedUnit(key: "%lld files", path: UnitPath(["plural", "zero"]), target: "Нет файлов", source: "No files", state: "translated"),
            ImportedUnit(key: "%lld files", path: UnitPath(["plural", "two"]), target: "%lld файла", source: nil, state: "translated"),
        ])
        let report = CatalogImporter().merge(file, into: &catalog)
        #expect(report.changes.map(\.id) == ["%lld files|==|plural.zero"])
        #expect(report.skipped == ["%lld files|==|plural.two: ru has no 'two' plural category"])
    }

    static let exportedFormats: [ExchangeFormat] = [.po, .xliff, .strings, .android]

    static func exportAll(_ format: ExchangeFormat) throws -> [URL] {
        try issueFixtures.map { try ExchangeTests.exportToDisk(format, catalog: try Fixture.catalog($0)) }
    }

    /// msgfmt accepts every PO file, and xmllint every XML file, of every fixture.
    @Test func gettextAndLibxml2AcceptTheFiles() throws {
        var folders: [URL] = []
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        for format in Self.exportedFormats { folders += try Self.exportAll(format) }
        var po: [String] = [], xml: [String] = []
        for folder in folders {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            po += files.filter { $0.pathExtension == "po" }.map(\.path)
            xml += files.filter { ["xliff", "xml", "stringsdict"].contains($0.pathExtension) }.map(\.path)
        }
        #expect(po.count == 11 && xml.count >= 22)   // States de fr ja, AppShortcuts de es ja, Plurals de es fr ru uk
        for file in po {
            let run = try ToolRun.run(tool: "msgfmt", ["--check", "-o", "/dev/null", file])
            #expect(run.status == 0 && !run.output.contains("warning"), "\(file): \(run.output)")
        }
        let run = try ToolRun.run(tool: "xmllint", ["--noout"] + xml)
        #expect(run.status == 0, "\(run.output)")
    }

    /// translate-toolkit reads what the PO and XLIFF files carry: the forms of an incomplete set,
    /// the extra entries, the state comments and XLIFF attributes, and the phrases of a set.
    @Test func translateToolkitReadsWhatIsCarried() throws {
        let python = try #require(venvPython, "needs .venv with translate-toolkit: run scripts/install-deps.sh test (make test does)")
        let po = try Self.exportAll(.po), xliff = try Self.exportAll(.xliff)
        defer { for folder in po + xliff { try? FileManager.default.removeItem(at: folder) } }
        let script = """
        import sys
        from translate.storage import factory
        def po(path):
            store = factory.getobject(path)
            for unit in store.units:
                if unit.isheader(): continue
                target = [str(form) for form in unit.target.strings] if unit.hasplural() else unit.target
                print("po", unit.getcontext(), unit.isfuzzy(), unit.getnotes("translator"), target, sep="\\t")
        def xliff(path):
            store = factory.getobject(path)
            for unit in store.units:
                node = unit.xmlelement.find("{urn:oasis:names:tc:xliff:document:1.2}target")
                attributes = "" if node is None else node.get("state", "") + "/" + node.get("state-qualifier", "")
                print("xliff", unit.getid().split("\\x04")[-1], attributes, unit.target, sep="\\t")
        po(sys.argv[1]); po(sys.argv[2]); po(sys.argv[3]); xliff(sys.argv[4]); xliff(sys.argv[5])
        """
        let run = try ToolRun.run(URL(fileURLWithPath: python), ["-c", script,
                                       po[2].appending(path: "de.po").path, po[2].appending(path: "ru.po").path,
                                       po[0].appending(path: "de.po").path,
                                       xliff[0].appending(path: "fr.xliff").path, xliff[1].appending(path: "ja.xliff").path])
        #expect(run.status == 0, "\(run.output)")
        let lines = Set(run.output.split(separator: "\n").map(String.init))
        let expected = [
            "po\t%lld bytes\tTrue\txcstrings-state: other=translated\t['', '%lld Byte']",
            "po\t%lld files|==|plural.zero\tFalse\t\tKeine Dateien",
            "po\t%lld bytes|==|plural.other\tFalse\t\t%lld байта",
            "po\tFound %lld strings|==|substitutions.total.strings.plural.other\tFalse\t\t%arg строки",
            "po\tCancel\tTrue\txcstrings-state: machine_translated\tAbbrechen",
            "po\tplural.suffix\tFalse\txcstrings-state: translated\t",
            "xliff\tDelete %@\tx-signed_off/\tSupprimer %@",
            "xliff\tCancel\tneeds-review-translation/\tAnnuler",
            "xliff\tGet a recipe in ${applicationName}|==|stringSet.0\tneeds-review-translation/mt-suggestion\t${applicationName}でレシピを取得",
            "xliff\tGet a recipe in ${applicationName}|==|stringSet.1\t\tNone",
        ]
        for line in expected { #expect(lines.contains(line), "\(line) not in \(lines.sorted())") }
    }
}
