import Foundation
import GenkanJSON
import GenkanTestSupport
import Testing

/// Runs `Support/standard_webhooks.py` (the `standardwebhooks` package) over JSON lines.
enum StandardWebhooksReference {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "standard_webhooks.py")

    static func run(_ mode: String, _ cases: [JSONValue]) throws -> [JSONValue] {
        try #require(RepositoryPaths.hasPython, "needs .venv: run scripts/install-deps.sh test")
        let input = cases.map { $0.serialized() + "\n" }.joined()
        let run = try ToolRun.run(RepositoryPaths.python, [script.path, mode], stdin: Array(input.utf8))
        try #require(run.status == 0, "standard_webhooks.py failed: \(run.output)")
        return run.stdout.split(separator: "\n").compactMap { JSONReader.value(String($0)) }
    }
}
