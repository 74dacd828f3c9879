import Foundation

/// One finished run of a command-line program: its exit status and everything it printed.
///
/// Every test that runs a program (the built `genkan`, the Python reference scripts, `sqlite3`,
/// `argon2`) goes through `ToolRun.run`, which connects standard input, output and error to files
/// rather than pipes: a program that prints more than a pipe holds while the test is still writing
/// its input, or while the test reads the other stream first, would otherwise wait forever.
package struct ToolRun: Sendable {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    /// Standard output and standard error together, for failure messages.
    package var output: String { stdout + stderr }

    /// Runs `executable` with `arguments`, feeding `stdin` and waiting for it to end.
    ///
    /// `environment` is merged over this process's environment unless `inherit` is false; the
    /// locale variables are reset to `C.UTF-8` so that messages are the untranslated ones.
    package static func run(
        _ executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
        inherit: Bool = true, in workingDirectory: URL? = nil
    ) throws -> ToolRun {
        let directory = FileManager.default.temporaryDirectory.appending(path: "genkan-run-\(UUID().uuidString)")
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
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        var variables = inherit ? ProcessInfo.processInfo.environment : [:]
        variables["LANG"] = "C.UTF-8"
        variables["LC_ALL"] = nil
        variables["LC_MESSAGES"] = nil
        variables["LANGUAGE"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// Runs a program found on `PATH` (`sqlite3`, `python3`), as `/usr/bin/env` finds it.
    package static func run(tool: String, _ arguments: [String], stdin: [UInt8] = []) throws -> ToolRun {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, stdin: stdin)
    }

    /// Runs a script with the project's Python (`.venv`, which `scripts/install-deps.sh test` prepares).
    package static func python(_ script: String, _ arguments: [String] = [], stdin: [UInt8] = []) throws -> ToolRun {
        try run(RepositoryPaths.python, [RepositoryPaths.root.appending(path: script).path] + arguments, stdin: stdin)
    }

    /// Runs the built `genkan` binary as a user would.
    package static func genkan(
        _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:], in workingDirectory: URL? = nil
    ) throws -> ToolRun {
        try run(RepositoryPaths.genkan, arguments, stdin: stdin, environment: environment, in: workingDirectory)
    }
}
