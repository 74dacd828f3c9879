import Foundation

/// `Tests/GenkanWebhooksTests/Support/hook_server.py` as a subprocess: a receiver for webhooks
/// and blocking hooks on a loopback port that checks every signature with the `standardwebhooks`
/// package and records each request it accepted (or rejected) as a JSON line. It stops when the
/// receiver is released (its standard input closes).
package final class HookReceiver: @unchecked Sendable {
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    private let process = Process()
    private let input = Pipe()
    package let port: Int
    package let log: URL

    /// - Throws: `StartFailure` when `.venv` is missing or the server did not say it is ready.
    package init(secret: String) throws {
        guard RepositoryPaths.hasPython else { throw StartFailure(description: "needs .venv: run scripts/install-deps.sh test") }
        log = FileManager.default.temporaryDirectory.appending(path: "genkan-hooks-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = RepositoryPaths.python
        let script = RepositoryPaths.root.appending(path: "Tests/GenkanWebhooksTests/Support/hook_server.py")
        process.arguments = [script.path, "--secret", secret, "--log", log.path]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("READY "), let port = Int(text.dropFirst(6)) else { throw StartFailure(description: "the hook server said \(text)") }
        self.port = port
    }

    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// What the server recorded so far, one JSON text per request.
    package var lines: [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
