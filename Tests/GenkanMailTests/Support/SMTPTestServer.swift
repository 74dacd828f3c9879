import Foundation
import Testing

/// `Support/smtp_server.py` (aiosmtpd) run as a subprocess on a loopback port, with the messages
/// and AUTH attempts it received.
final class SMTPTestServer {
    struct Options {
        var port: UInt16 = 0
        var auth: String?
        var user = "genkan"
        var password = "correct horse battery staple"
        var startTLS = false
        var implicitTLS = false
        var rejected: [String] = []
        var deferred: [String] = []
    }

    struct Envelope: Decodable {
        let mail_from: String
        let rcpt_tos: [String]
        let tls: Bool
        let ehlo: String?
        let user: String?
    }

    struct Received {
        let path: String
        let bytes: [UInt8]
        let envelope: Envelope
    }

    struct AuthAttempt: Decodable {
        let mechanism: String
        let user: String?
        let success: Bool
        let tls: Bool
    }

    let options: Options
    let directory: URL
    let port: UInt16
    private let process = Process()
    private let input = Pipe()
    private var stopped = false
    private let ownsDirectory: Bool

    /// Starts the server and returns once it accepts connections.
    init(_ options: Options = Options(), directory: URL? = nil) throws {
        self.options = options
        ownsDirectory = directory == nil
        self.directory = try directory ?? TestPaths.temporaryDirectory("smtp")
        process.executableURL = try TestPaths.python()
        var arguments = [TestPaths.support.appending(path: "smtp_server.py").path, "--port", String(options.port),
                         "--out", self.directory.path]
        if let auth = options.auth { arguments += ["--auth", auth, "--user", options.user, "--password", options.password] }
        if options.startTLS { arguments.append("--starttls") }
        if options.implicitTLS { arguments.append("--implicit-tls") }
        for address in options.rejected { arguments += ["--reject", address] }
        for address in options.deferred { arguments += ["--defer", address] }
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("READY "), let port = UInt16(text.dropFirst(6).prefix { $0.isNumber }) else {
            process.waitUntilExit()
            let diagnostics = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw ServerError(message: "smtp_server.py did not start: \(text) \(diagnostics)")
        }
        self.port = port
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    deinit { stop() }

    /// Ends the server (closing its standard input), waits for it, and removes the directory it
    /// made.
    func stop() {
        guard !stopped else { return }
        stopped = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The CA file that trusts the server's certificate (after a TLS start).
    var caFile: String { directory.appending(path: "cert.pem").path }

    /// `scheme://[user:password@]127.0.0.1:port`.
    func url(scheme: String = "smtp", host: String = "127.0.0.1", user: String? = nil, password: String? = nil) -> String {
        let credentials = user.map { user in
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
            return encode(user) + (password.map { ":" + encode($0) } ?? "") + "@"
        } ?? ""
        return "\(scheme)://\(credentials)\(host):\(port)"
    }

    /// The messages received so far, in order.
    func received() throws -> [Received] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".eml") }.sorted()
        return try names.map { name in
            let path = directory.appending(path: name).path
            let json = directory.appending(path: String(name.dropLast(4)) + ".json")
            return Received(
                path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))),
                envelope: try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: json)))
        }
    }

    /// Waits until `count` messages arrived (at most 30 s) and returns them.
    func waitForMessages(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Received] {
        try eventually("\(count) message(s) at the SMTP server", sourceLocation: sourceLocation) { try received().count >= count }
        return try received()
    }

    /// The AUTH attempts so far.
    func authAttempts() throws -> [AuthAttempt] {
        let path = directory.appending(path: "auth.jsonl")
        guard let data = FileManager.default.contents(atPath: path.path) else { return [] }
        return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(AuthAttempt.self, from: Data($0)) }
    }
}
