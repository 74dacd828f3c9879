import Foundation
import GenkanJSON
import GenkanTestSupport
import Testing

/// `Support/hook_server.py` as a subprocess: a receiver that checks signatures with the
/// `standardwebhooks` package and records what it accepted.
final class HookServer: @unchecked Sendable {
    let process = Process()
    let input = Pipe()
    let port: Int
    let log: URL

    init(secret: String) throws {
        try #require(RepositoryPaths.hasPython, "needs .venv: run scripts/install-deps.sh test")
        log = FileManager.default.temporaryDirectory.appending(path: "genkan-hooks-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = RepositoryPaths.python
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "hook_server.py")
        process.arguments = [script.path, "--secret", secret, "--log", log.path]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
        let text = String(decoding: line, as: UTF8.self)
        port = try #require(text.hasPrefix("READY ") ? Int(text.dropFirst(6)) : nil, "the hook server said \(text)")
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// What the server recorded, one entry per request.
    var entries: [JSONValue] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { JSONReader.value(String($0)) }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
