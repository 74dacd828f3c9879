import Foundation
import GenkanTestSupport
import Testing
@testable import GenkanCatalogTools

@Suite(.serialized) struct ExchangeTests {
    /// Writes an export into a fresh folder and returns it.
    static func exportToDisk(_ format: ExchangeFormat, catalog: StringCatalog) throws -> URL {
        let folder = try Fixture.temporaryDirectory()
        for file in try CatalogExporter(catalog: catalog).export(format) {
            let url = folder.appending(path: file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
        return folder
    }

    /// The files (or folders) an import takes for each locale of an export.
    static func translatedFiles(_ format: ExchangeFormat, in folder: URL, locales: [String]) -> [URL] {
        locales.map { folder.appending(path: format.importName(locale: $0)) }
    }

    /// Exports `original` in `format` for every locale it translates into, and imports each
    /// locale's file back into it as `genkan catalog import` does: the catalog after the imports,
    /// and each import's report with the name of its file.
    static func unchangedRoundTrip(_ original: StringCatalog, _ format: ExchangeFormat) throws -> (catalog: StringCatalog, reports: [(file: String, report: ImportReport)]) {
        let folder = try exportToDisk(format, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = original
        let importer = CatalogImporter()
        let reports = try translatedFiles(format, in: folder, locales: original.targetLocales).map { url in
            (url.lastPathComponent, importer.merge(try importer.read(url), into: &catalog, manifest: importer.manifestSources(near: url)))
        }
        return (catalog, reports)
    }

    /// Export then import with no change leaves the catalog byte-identical and reports nothing.
    @Test(arguments: ExchangeFormat.allCases)
    func roundTripChangesNothing(format: ExchangeFormat) throws {
        let original = try Fixture.catalog("Exchange.xcstrings")
        let (catalog, reports) = try Self.unchangedRoundTrip(original, format)
        for (file, report) in reports {
            #expect(report.changes.isEmpty, "\(format) \(file): \(report.changes)")
        }
        #expect(catalog.text == original.text)
    }

    /// A translation edited in the exchange file comes back; a changed source marks it for review.
    @Test(arguments: ExchangeFormat.allCases)
    func editsMergeAndSourceChangesNeedReview(format: ExchangeFormat) throws {
        let original = try Fixture.catalog("Exchange.xcstrings")
        let folder = try Self.exportToDisk(format, catalog: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = Self.translatedFiles(format, in: folder, locales: ["ja"])[0]
        // Edit the Japanese file: one translation changes.
        let file = format == .strings ? url.appending(path: "Localizable.strings") : format == .android ? url.appending(path: "strings.xml") : url
        var text = try String(contentsOf: file, encoding: .utf8)
        let old = "<b>Genkan</b> にサインイン", new = "<b>Genkan</b> にログイン"
        let encodedOld = format == .android || format == .xliff ? old.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;") : old
        let encodedNew = format == .android || format == .xliff ? new.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;") : new
        #expect(text.contains(encodedOld))
        text = text.replacingOccurrences(of: encodedOld, with: encodedNew)
        try Data(text.utf8).write(to: file)
        // Meanwhile the source of another key changed in the catalog.
        var catalog = original
        catalog.setUnit("auth/invalid-email", locale: "en", path: .plain, value: "Enter a valid e-mail address.", state: "translated")
        let importer = CatalogImporter()
        let report = importer.merge(try importer.read(url), into: &catalog, manifest: importer.manifestSources(near: url))
        #expect(catalog.entry("title.sign-in")?.unit("ja", .plain)?.value == new)
        #expect(catalog.entry("auth/invalid-email")?.unit("ja", .plain)?.state == "needs_review")
        #expect(Set(report.changes.map(\.kind)) == [.updated, .sourceChanged], "\(report.changes)")
        // Polish `other` (fractions) is kept: every format names it by category.
        #expect(catalog.entry("%lld days left")?.unit("pl", UnitPath(["plural", "other"]))?.value == "Zostało %lld dnia")
    }

    @Test func poFilesPassMsgfmtCheck() throws {
        let folder = try Self.exportToDisk(.po, catalog: try Fixture.catalog("Exchange.xcstrings"))
        defer { try? FileManager.default.removeItem(at: folder) }
        for locale in ["ja", "pl"] {
            let run = try ToolRun.run(tool: "msgfmt", ["--check", "-o", "/dev/null", folder.appending(path: "\(locale).po").path])
            #expect(run.status == 0, "\(locale): \(run.output)")
            #expect(!run.output.contains("warning"), "\(locale): \(run.output)")
        }
        let po = try String(contentsOf: folder.appending(path: "pl.po"), encoding: .utf8)
        #expect(po.contains("Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n % 10 >= 2"))
    }

    @Test func xmlFilesAreWellFormed() throws {
        let catalog = try Fixture.catalog("Exchange.xcstrings")
        var files: [URL] = []
        var folders: [URL] = []
        for format in [ExchangeFormat.xliff, .android, .strings] {
            let folder = try Self.exportToDisk(format, catalog: catalog)
            folders.append(folder)
            files += [folder.appending(path: "pl.xliff"), folder.appending(path: "values-pl/strings.xml"),
                      folder.appending(path: "pl.lproj/Localizable.stringsdict")].filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        #expect(files.count == 3)
        let run = try ToolRun.run(tool: "xmllint", ["--noout"] + files.map(\.path))
        #expect(run.status == 0, "\(run.output)")
    }

    /// translate-toolkit (PyPI) reads the .po and XLIFF files, Python's plistlib the .stringsdict.
    @Test func pythonToolsReadTheExports() throws {
        let python = try #require(venvPython, "needs .venv with translate-toolkit: run scripts/install-deps.sh test (make test does)")
        let catalog = try Fixture.catalog("Exchange.xcstrings")
        var folders: [URL] = []
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        for format in [ExchangeFormat.po, .xliff, .strings] { folders.append(try Self.exportToDisk(format, catalog: catalog)) }
        let script = """
        import sys, plistlib
        from translate.storage import factory
        po = factory.getobject(sys.argv[1])
        units = [u for u in po.units if not u.isheader()]
        plural = [u for u in units if u.hasplural()]
        print("po", len(units), len(plural), po.getheaderplural())
        xl = factory.getobject(sys.argv[2])
        print("xliff", len(xl.units), sum(1 for u in xl.units if u.target))
        with open(sys.argv[3], "rb") as f:
            d = plistlib.load(f)
        print("stringsdict", sorted(d))
        from translate.storage import properties
        st = properties.stringsutf8file.parsefile(sys.argv[4])
        print("strings", [(u.getid(), u.source) for u in st.units])
        """
        let run = try ToolRun.run(URL(fileURLWithPath: python), ["-c", script, folders[0].appending(path: "pl.po").path,
                                            folders[1].appending(path: "pl.xliff").path,
                                            folders[2].appending(path: "pl.lproj/Localizable.stringsdict").path,
                                            folders[2].appending(path: "ja.lproj/Localizable.strings").path])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        // pl: 2 plural entries (days, files substitution), plain: invalid-email, the 2 device strings, title, Found format,
        // and the Polish `other` (fractions) of days and files, which no Plural-Forms index selects.
        #expect(lines.contains("po 9 2 ('3', '(n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2)')"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("xliff 13 5") }, "\(lines)")
        #expect(lines.contains("stringsdict ['%lld days left', 'Found %#@files@', 'button.back']"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("strings [('auth/invalid-email', 'name@example.com のような") }, "\(lines)")
    }

    @Test func xliffUsesXcodeUnitIDs() throws {
        let files = try CatalogExporter(catalog: try Fixture.catalog("Exchange.xcstrings")).export(.xliff, locales: ["pl"])
        let xliff = try #require(files.first { $0.path == "pl.xliff" }).contents
        for id in ["%lld days left|==|plural.one", "%lld days left|==|plural.few", "%lld days left|==|plural.many",
                   "%lld days left|==|plural.other", "button.back|==|device.iphone", "Found %#@files@|==|substitutions.files.plural.few"] {
            #expect(xliff.contains("<trans-unit id=\"\(id)\" xml:space=\"preserve\">"), "\(id)")
        }
        #expect(xliff.contains("<target state=\"needs-review-translation\">"))
        #expect(!xliff.contains("Genkan\" xml:space"))   // shouldTranslate false is not exported
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("ja.po", "msgid \"\"\nmsgstr \"Language: ja\\n\"\nmsgctxt \"k\"\nmsgid \"unterminated\n"),
            ("ja.xliff", "<xliff><file target-language=\"ja\"><body><trans-unit id=\"k\"><source>a</source></body></file></xliff>"),
            ("ja.json", "[1, 2]"),
            ("notalocale!.json", "{}"),
            ("ja.txt", "hello"),
        ]
        for (name, text) in cases {
            let url = folder.appending(path: name)
            try Data(text.utf8).write(to: url)
            #expect(throws: CatalogError.self, "\(name)") { _ = try CatalogImporter().read(url) }
        }
    }
}
