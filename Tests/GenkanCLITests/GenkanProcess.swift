import Foundation
import GenkanTestSupport

/// The CLI tests' name for a run of the built `genkan`, with the JSON-lines view they read.
typealias GenkanProcess = ToolRun

extension ToolRun {
    /// The JSON objects printed one per line.
    var objects: [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func run(
        _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:], in workingDirectory: URL? = nil
    ) throws -> ToolRun {
        try genkan(arguments, stdin: stdin, environment: environment, in: workingDirectory)
    }

    static func run(_ arguments: [String], lines: String) throws -> ToolRun {
        try genkan(arguments, stdin: Array(lines.utf8))
    }
}
