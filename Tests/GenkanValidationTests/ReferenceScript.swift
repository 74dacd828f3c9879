import Foundation
import GenkanTestSupport
import Testing

/// Runs one of the scripts that derive committed golden data from a reference tool
/// (`scripts/corpus/*.py`, `scripts/blocklist/*.py`) with `--check`, which fails when the
/// committed file differs from what the tool gives today.
enum ReferenceScript {
    static func check(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            RepositoryPaths.hasPython,
            "needs .venv with the reference tools: run scripts/install-deps.sh test (make test does)",
            sourceLocation: sourceLocation)
        let run = try ToolRun.python(script, ["--check"])
        #expect(run.status == 0, "\(run.output)", sourceLocation: sourceLocation)
    }
}
