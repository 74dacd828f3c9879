import Foundation
@testable import GenkanCatalogTools

/// Paths and helpers shared by the catalog tool tests.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    static func url(_ name: String) -> URL { directory.appending(path: name) }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }

    static func catalog(_ name: String) throws -> StringCatalog { try StringCatalog(bytes: bytes(name)) }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "genkan-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository root (two levels above this file's folder).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// Catalogs shaped like real apps' (what broke or misled the tools), hand-written in Xcode's layout: States (every state Xcode writes, an
/// unknown one, empty translations a reviewer accepted), AppShortcuts (`stringSet` phrase sets of
/// different lengths, the source `new`), Plurals (a set missing a category, ru/uk `other` for
/// fractions, `zero` in en and others, a dotted substitution name, the empty key).
let issueFixtures = ["States.xcstrings", "AppShortcuts.xcstrings", "Plurals.xcstrings"]

/// The Python of the project's virtual environment (scripts/install-deps.sh test), if present.
var venvPython: String? {
    let path = Fixture.repository.appending(path: ".venv/bin/python").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}
