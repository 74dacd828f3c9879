import GenkanJSON
import Foundation
import GenkanTestSupport
import Testing
@testable import GenkanCatalogTools

/// Runs the built `genkan` binary, as a user would.
@Suite(.serialized) struct CatalogCommandTests {
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> ToolRun {
        try ToolRun.genkan(arguments, in: directory)
    }

    static let planted = Fixture.url("Planted.xcstrings").path

    @Test func lintExitsOneOnErrorsAndNamesFileKeyLocaleCheck() throws {
        let result = try Self.run(["catalog", "lint", Self.planted])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Planted.xcstrings: missing.translation [de]: error missing-translation: "))
        #expect(!result.stdout.contains("\u{1B}["), "no color when not on a terminal")
    }

    @Test func lintJSONIsAnArrayOfFindings() throws {
        let result = try Self.run(["catalog", "lint", "--format", "json", Self.planted])
        #expect(result.status == 1)
        guard case .array(let findings) = try JSONReader.parse(result.stdout) else {
            Issue.record("not a JSON array: \(result.stdout.prefix(200))")
            return
        }
        #expect(findings.count >= LintCheck.all.count - 2)   // no key-usage checks outside Genkan's own catalog
        for finding in findings {
            for field in ["check", "severity", "key", "locale", "message"] { #expect(finding[field] != nil, "\(field)") }
        }
        #expect(findings.contains { $0["check"]?.stringValue == "account-enumeration" && $0["locale"]?.stringValue == "en" })
    }

    @Test func lintOfACleanCatalogExitsZero() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Genkan's layout: Resources/Localizable.xcstrings found from a subfolder.
        try FileManager.default.createDirectory(at: folder.appending(path: "Resources/sub"), withIntermediateDirectories: true)
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.setUnit("greeting", locale: "en", path: .plain, value: "Hello, %@!", state: "translated")
        catalog.setUnit("greeting", locale: "ja", path: .plain, value: "こんにちは、%@さん！", state: "translated")
        try Data(catalog.text.utf8).write(to: folder.appending(path: "Resources/Localizable.xcstrings"))
        let result = try Self.run(["catalog", "lint"], in: folder.appending(path: "Resources/sub"))
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("0 errors, 0 warnings"))
    }

    @Test(arguments: [
        ["catalog", "lint", "--format", "yaml"], ["catalog", "lint", "--bogus"], ["catalog", "export", "--format", "po"],
        ["catalog", "export", "--format", "csv", "--output", "/tmp/x"], ["catalog", "import"], ["catalog", "lint", "a.txt"],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("--help"))
    }

    /// export → import through the command line changes no byte; an edit is reported and written.
    @Test func exportImportThroughTheCommandLine() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalogURL = folder.appending(path: "Localizable.xcstrings")
        try FileManager.default.copyItem(at: Fixture.url("Exchange.xcstrings"), to: catalogURL)
        let before = try Data(contentsOf: catalogURL)
        let out = folder.appending(path: "out")
        let export = try Self.run(["catalog", "export", catalogURL.path, "--format", "xliff", "--output", out.path])
        #expect(export.status == 0, "\(export.stderr)")
        let unchanged = try Self.run(["catalog", "import", catalogURL.path, out.appending(path: "ja.xliff").path, out.appending(path: "pl.xliff").path])
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(unchanged.stdout.contains("no change"))
        #expect(try Data(contentsOf: catalogURL) == before)

        let ja = out.appending(path: "ja.xliff")
        try Data(try String(contentsOf: ja, encoding: .utf8).replacingOccurrences(of: "前に戻る", with: "戻ります").utf8).write(to: ja)
        let edited = try Self.run(["catalog", "import", catalogURL.path, ja.path])
        #expect(edited.stdout.contains("updated  button.back|==|device.other: \"前に戻る\" -> \"戻ります\""), "\(edited.stdout)")
        #expect(try String(contentsOf: catalogURL, encoding: .utf8).contains("\"value\" : \"戻ります\""))

        // A broken file: an error, and the catalog is left as it was.
        let written = try Data(contentsOf: catalogURL)
        try Data("<xliff>".utf8).write(to: folder.appending(path: "bad.xliff"))
        let broken = try Self.run(["catalog", "import", catalogURL.path, folder.appending(path: "bad.xliff").path])
        #expect(broken.status == 1)
        #expect(try Data(contentsOf: catalogURL) == written)
    }

    @Test func statsPrintsATableAndWritesHTML() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appending(path: "report.html")
        let result = try Self.run(["catalog", "stats", Fixture.url("Exchange.xcstrings").path, "--html", html.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("pl               1             1        3      5     20.0%"), "\(result.stdout)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("<svg") && page.contains("<rect"))
        #expect(!page.contains("<script") && !page.contains("http://") || page.contains("http://www.w3.org/2000/svg"))
        let lint = try ToolRun.run(tool: "xmllint", ["--html", "--noout", html.path])
        #expect(lint.status == 0, "\(lint.output)")
    }
}

/// The real-app-shaped catalogs through the built binary: an unchanged export, imported, changes no
/// byte in any format; help names the new check and what travels.
@Suite(.serialized) struct IssueCatalogCommandTests {
    @Test(arguments: ["States.xcstrings", "AppShortcuts.xcstrings"], ExchangeFormat.allCases)
    func unchangedExportImportThroughTheCommandLine(_ fixture: String, _ format: ExchangeFormat) throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalogURL = folder.appending(path: fixture)
        try FileManager.default.copyItem(at: Fixture.url(fixture), to: catalogURL)
        let before = try Data(contentsOf: catalogURL)
        let out = folder.appending(path: "out")
        let export = try CatalogCommandTests.run(["catalog", "export", catalogURL.path, "--format", format.rawValue, "--output", out.path])
        #expect(export.status == 0, "\(export.stderr)")
        let locales = try StringCatalog(bytes: Array(before)).targetLocales
        let files = ExchangeTests.translatedFiles(format, in: out, locales: locales).map(\.path)
        let imported = try CatalogCommandTests.run(["catalog", "import", catalogURL.path] + files)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\(fixture): no change"), "\(imported.stdout)")
        #expect(try Data(contentsOf: catalogURL) == before)
    }

    @Test func helpNamesWhatIsNew() throws {
        let lint = try CatalogCommandTests.run(["catalog", "lint", "--help"])
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("plural-fallback"))
        let export = try CatalogCommandTests.run(["catalog", "export", "--help"])
        #expect(export.stdout.contains("machine_translated") && export.stdout.contains("stringSet"))
    }

    @Test func statsCountTheSourceAsDone() throws {
        let result = try CatalogCommandTests.run(["catalog", "stats", Fixture.url("AppShortcuts.xcstrings").path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("en               3             0        0      3    100.0%"), "\(result.stdout)")
    }
}
