import Foundation
import Testing

/// Runs one of the scripts that derive committed golden data from a reference tool
/// (`scripts/corpus/*.py`, `scripts/blocklist/*.py`) with `--check`, which fails when the
/// committed file differs from what the tool gives today.
enum ReferenceScript {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func check(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let python = packageRoot.appending(path: ".venv/bin/python")
        try #require(
            FileManager.default.isExecutableFile(atPath: python.path),
            "needs .venv with the reference tools: run scripts/install-deps.sh test (make test does)",
            sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = python
        process.arguments = [packageRoot.appending(path: script).path, "--check"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)", sourceLocation: sourceLocation)
    }
}
