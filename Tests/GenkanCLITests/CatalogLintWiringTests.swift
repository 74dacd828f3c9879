import Foundation
import Testing

/// `genkan catalog lint` on Genkan's own catalog checks its keys against every code the
/// libraries can produce.
@Suite struct CatalogLintWiringTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func genkansCatalogLintsClean() throws {
        let result = try GenkanProcess.run(["catalog", "lint", Self.repository.appending(path: "Resources/Localizable.xcstrings").path])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(": 0 errors, 0 warnings\n"))
    }

    @Test func aMissingErrorKeyIsCaught() throws {
        let copy = FileManager.default.temporaryDirectory.appending(path: "genkan-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy.appending(path: "Resources"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: Self.repository.appending(path: "Package.swift"), to: copy.appending(path: "Package.swift"))
        let original = try Data(contentsOf: Self.repository.appending(path: "Resources/Localizable.xcstrings"))
        var catalog = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
        var strings = try #require(catalog["strings"] as? [String: Any])
        #expect(strings.removeValue(forKey: "auth/invalid-email") != nil)
        #expect(strings.removeValue(forKey: "password.too-short") != nil)
        catalog["strings"] = strings
        let path = copy.appending(path: "Resources/Localizable.xcstrings")
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]).write(to: path)
        let result = try GenkanProcess.run(["catalog", "lint", path.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("auth/invalid-email: error missing-key"))
        #expect(result.stdout.contains("password.too-short: error missing-key"))
    }
}

/// Outside a checkout, the read-only catalog commands fall back to the catalog built into genkan.
@Suite struct EmbeddedCatalogTests {
    @Test func lintAndStatsReadTheBuiltInCatalogOutsideACheckout() throws {
        let lint = try GenkanProcess.run(["catalog", "lint"], in: FileManager.default.temporaryDirectory)
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("built into genkan"))
        let stats = try GenkanProcess.run(["catalog", "stats"], in: FileManager.default.temporaryDirectory)
        let locales = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: CatalogLintWiringTests.repository.appending(path: "Resources/Localizable.xcstrings"))) as? [String: Any])
        let languages = Set(((locales["strings"] as? [String: Any])?.values.compactMap { ($0 as? [String: Any])?["localizations"] as? [String: Any] } ?? []).flatMap(\.keys))
        #expect(languages.count >= 12)
        #expect(stats.stdout.split(separator: "\n").count == 2 + languages.count)   // header, rule, a line per locale
    }

    @Test func importRefusesToGuessWhereToWrite() throws {
        let result = try GenkanProcess.run(["catalog", "import", "ja.po"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("name the catalog to write to"))
    }
}
