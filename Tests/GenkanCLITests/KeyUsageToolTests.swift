import Foundation
import GenkanTestSupport
import Testing

/// The KeyUsage plugin's tool on a small module: a declared case that no other file mentions is
/// left out of `usedKeys`, which is how `genkan catalog lint` comes to report its key.
@Suite struct KeyUsageToolTests {
    static var tool: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "KeyUsageTool")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return CatalogLintWiringTests.repository.appending(path: ".build/debug/KeyUsageTool")
    }

    @Test func aCaseNoCodeMentionsIsNotUsed() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "genkan-keyusage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let declarations = directory.appending(path: "PageKey.swift")
        try """
            public enum PageKey: String, CaseIterable, Sendable {
                case title = "ui.title"
                case titleHint = "ui.title.hint"
                case unused = "ui.unused"
                case onlyInAComment = "ui.comment"
            }
            """.write(to: declarations, atomically: true, encoding: .utf8)
        let page = directory.appending(path: "Page.swift")
        try """
            // PageKey.onlyInAComment_old is not a mention of onlyInAComment.
            func render() -> [PageKey] { [.title, PageKey.titleHint] }
            """.write(to: page, atomically: true, encoding: .utf8)
        let output = directory.appending(path: "KeyUsage.swift")
        try #require(FileManager.default.isExecutableFile(atPath: Self.tool.path), "build KeyUsageTool first (swift build)")
        let run = try ToolRun.run(Self.tool, [output.path, declarations.path, "--", declarations.path, page.path])
        #expect(run.status == 0, "\(run.output)")
        let generated = try String(contentsOf: output, encoding: .utf8)
        #expect(generated.contains("extension PageKey {"))
        #expect(generated.contains("\"ui.title\",") && generated.contains("\"ui.title.hint\","))
        #expect(!generated.contains("\"ui.unused\"") && !generated.contains("\"ui.comment\""))
    }
}
