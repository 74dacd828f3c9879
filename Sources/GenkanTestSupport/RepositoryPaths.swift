import Foundation

/// Where the tests find the repository, the built `genkan` and the project's Python.
package enum RepositoryPaths {
    /// The package's root folder (this file is `Sources/GenkanTestSupport/RepositoryPaths.swift`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `genkan` built beside the test bundle, or the debug build's.
    package static var genkan: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "genkan")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return root.appending(path: ".build/debug/genkan")
    }

    /// `.venv/bin/python`, made by `scripts/install-deps.sh test` (which `make test` runs).
    package static var python: URL { root.appending(path: ".venv/bin/python") }

    /// Whether the Python environment exists, for a test's `#require` with a message saying how to make it.
    package static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: python.path) }
}
