import Foundation
import GenkanStore
import Synchronization

/// A fresh directory for one test's database files, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "genkan-store-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var database: String { path + "/genkan.sqlite" }
}

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds = Mutex<Int64>(1_800_000_000)

    var now: Int64 { seconds.withLock { $0 } }
    func advance(by delta: Int64) { seconds.withLock { $0 += delta } }
    var storeClock: StoreClock { StoreClock { [self] in self.now } }
}

/// Runs a command-line tool and returns its standard output (the reference implementations the
/// tests compare against: sqlite3, sha256sum, argon2).
func run(_ tool: String, _ arguments: [String], input: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    if let input {
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
    } else {
        try process.run()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A cheap hasher for tests that are not about hashing (libsodium's interactive minimum).
let fastHasher = PasswordHasher(operations: 1, memory: 8 * 1024)

/// A mail that carries `token` in a link, as the server's mail builder will.
func testMail(to recipient: String, token: String, sender: String = "genkan@example.com") -> OutgoingMail {
    let text = "From: \(sender)\r\nTo: \(recipient)\r\nSubject: Your link\r\n\r\nhttps://genkan.example/act?code=\(token)\r\n"
    return OutgoingMail(sender: sender, recipient: recipient, message: Array(text.utf8))
}

/// The token in a mail written by `testMail`.
func token(in mail: OutgoingMail) -> String? {
    let text = String(decoding: mail.message, as: UTF8.self)
    guard let range = text.range(of: "code=") else { return nil }
    return String(text[range.upperBound...].prefix(while: { !$0.isNewline }))
}
