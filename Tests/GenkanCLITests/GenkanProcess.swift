import Foundation

/// Runs the built `genkan` binary as a user would, feeding standard input from a file so that
/// large inputs cannot deadlock on a pipe.
struct GenkanProcess {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The JSON objects printed one per line.
    var objects: [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "genkan")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repository.appending(path: ".build/debug/genkan")
    }

    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) throws -> GenkanProcess {
        let directory = FileManager.default.temporaryDirectory.appending(path: "genkan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appending(path: "stdin"), output = directory.appending(path: "stdout"),
            errors = directory.appending(path: "stderr")
        try Data(stdin).write(to: input)
        try Data().write(to: output)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = nil
        env["LC_MESSAGES"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return GenkanProcess(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    static func run(_ arguments: [String], lines: String) throws -> GenkanProcess {
        try run(arguments, stdin: Array(lines.utf8))
    }
}
