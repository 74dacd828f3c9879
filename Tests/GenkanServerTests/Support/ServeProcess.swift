import Foundation
import GenkanTestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
@testable import GenkanHTTP
import GenkanHTTPTesting
#endif

/// A real `genkan serve` process, for what only a process shows: descriptor limits, CPU time,
/// signals. Its access log (standard output) goes to a file that outlives it, its standard error
/// is collected line by line. `GENKAN_SERVE_BINARY` runs another build instead (to show what an
/// older one does).
final class ServeProcess {
    let process = Process()
    let directory: String
    let accessLogPath: String
    let port: UInt16
    /// The line of standard error that names the address.
    let banner: String
    private let errors: CollectedOutput
    var pid: Int32 { process.processIdentifier }

    static var binary: String { ProcessInfo.processInfo.environment["GENKAN_SERVE_BINARY"] ?? RepositoryPaths.genkan.path }

    /// Starts `genkan serve` on a free port with a fresh database (or `database`, a path or a
    /// PostgreSQL URL), under `prlimit --nofile` when `descriptorLimit` is given, and returns once
    /// it has printed its address.
    init(arguments: [String] = [], database: String? = nil, descriptorLimit: (soft: Int, hard: Int)? = nil) throws {
        directory = NSTemporaryDirectory() + "genkan-process-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        accessLogPath = directory + "/access.log"
        _ = FileManager.default.createFile(atPath: accessLogPath, contents: nil)
        let publicDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "public").path
        var command = [
            Self.binary, "serve", "--port", "0", "--db", database ?? directory + "/genkan.sqlite", "--public", publicDirectory,
            "--outbox", directory + "/outbox",
        ] + arguments
        if let descriptorLimit {
            command = ["/usr/bin/prlimit", "--nofile=\(descriptorLimit.soft):\(descriptorLimit.hard)", "--"] + command
        }
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle(forWritingAtPath: accessLogPath)
        let errorPipe = Pipe()
        process.standardError = errorPipe
        errors = CollectedOutput(errorPipe.fileHandleForReading)
        try process.run()
        guard let banner = errors.waitForLine(containing: "genkan: serving", within: .seconds(30)),
            let port = SiteClient.firstMatch(#"http://127\.0\.0\.1:(\d+)/"#, in: banner).flatMap({ UInt16($0) })
        else {
            process.terminate()
            throw ServeProcessError(message: "no banner: \(errors.text)")
        }
        self.port = port
        self.banner = banner
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Everything written to standard error so far.
    var errorOutput: String { errors.text }

    /// The access log as written so far.
    var accessLog: String { (try? String(contentsOfFile: accessLogPath, encoding: .utf8)) ?? "" }

    /// User plus system CPU time of the whole process (every thread), from /proc.
    func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (proc(5)).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The soft and hard `Max open files` of the process, from /proc.
    func descriptorLimits() -> (soft: Int, hard: Int)? {
        guard let limits = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
            let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") })
        else { return nil }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Sends `signal` and waits for the exit; the status, or nil after `limit`.
    @discardableResult
    func stop(with signal: Int32 = SIGTERM, within limit: Duration = .seconds(20)) -> Int32? {
        kill(pid, signal)
        let deadline = ContinuousClock.now + limit
        while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return nil }
        errors.waitForEnd(within: .seconds(2))
        return process.terminationStatus
    }

    /// Runs a command to its end; its exit status.
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct ServeProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Reads a pipe on its own thread until it ends, keeping every byte.
private final class CollectedOutput: Sendable {
    private let state = Mutex<(text: String, ended: Bool)>(("", false))

    init(_ handle: FileHandle) {
        // The thread keeps this object until the pipe ends (the process exits).
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                state.withLock { $0.text += String(decoding: data, as: UTF8.self) }
            }
            state.withLock { $0.ended = true }
        }
        thread.start()
    }

    var text: String { state.withLock { $0.text } }

    func waitForLine(containing needle: String, within limit: Duration) -> String? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let (text, ended) = state.withLock { ($0.text, $0.ended) }
            if let line = text.split(separator: "\n").first(where: { $0.contains(needle) }) { return String(line) }
            if ended { return nil }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    func waitForEnd(within limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while !state.withLock({ $0.ended }) && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
    }
}
