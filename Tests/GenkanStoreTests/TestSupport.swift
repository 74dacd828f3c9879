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

/// Everything in a database file as SQL text, schema and rows: equal before and after an
/// operation means it wrote nothing.
func dump(_ path: String) throws -> String {
    try run("sqlite3", [path, ".dump"])
}

/// A store with one account, signed in on one device, for the tests of the account's settings.
struct SignedInAccount {
    let store: AccountStore
    let authenticator: Authenticator
    let account: Account
    /// The session token of the device that signed up.
    let token: String

    static let password = "correct horse 1"

    init(
        _ directory: TemporaryDirectory, _ clock: ManualClock, email: String = "Taro@example.com",
        userAgent: String? = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"
    ) throws {
        store = try AccountStore(path: directory.database, clock: clock.storeClock)
        authenticator = try Authenticator(hasher: fastHasher)
        account = try authenticator.signUp(
            email: email, displayName: "Taro", nameKey: "taro", password: Self.password, in: store
        ).get()
        token = try store.createSession(accountID: account.id, userAgent: userAgent).token
    }

    /// Another account in the same store, signed in.
    func other(_ email: String, name: String = "Hanako") throws -> (account: Account, token: String) {
        let other = try authenticator.signUp(
            email: email, displayName: name, nameKey: name.lowercased(), password: Self.password, in: store
        ).get()
        return (other, try store.createSession(accountID: other.id).token)
    }
}

/// Runs `body(0)`, …, `body(count - 1)` on threads of their own that start together (each waits
/// until all have started), and returns when all have finished: two tabs or two devices acting at
/// the same moment, each on its own connection.
func runTogether(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let arrived = Mutex(0)
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            arrived.withLock { $0 += 1 }
            while arrived.withLock({ $0 }) < count { sched_yield() }
            body(index)
            finished.leave()
        }
        thread.start()
    }
    finished.wait()
}

/// Values collected from several threads.
final class Outcomes<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
