import Foundation
import GenkanTestSupport
import Testing

/// What Python's `email` package (policy=email.policy.default) reads from a message, through
/// `Support/parse_mail.py`.
struct ParsedMail: Decodable {
    struct Mailbox: Decodable, Equatable {
        let name: String
        let address: String
    }

    struct Part: Decodable {
        let type: String
        let charset: String?
        let encoding: String?
    }

    let subject: String
    let from: [Mailbox]
    let to: [Mailbox]
    let date: String?
    let messageID: String
    let contentType: String
    let text: String?
    let html: String?
    let parts: [Part]
    let defects: [String]
    /// The To field as RFC 2047 decodes it (Python's older `email.header` API).
    let toDecoded: String?

    /// Parses each message (written to a temporary file) in one Python run.
    static func parse(_ messages: [[UInt8]]) throws -> [ParsedMail] {
        let directory = try TestPaths.temporaryDirectory("parse")
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, bytes) in messages.enumerated() {
            let path = directory.appending(path: "\(index).eml").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return try parse(paths: paths)
    }

    static func parse(paths: [String]) throws -> [ParsedMail] {
        let run = try ToolRun.run(try TestPaths.python(), [TestPaths.support.appending(path: "parse_mail.py").path] + paths)
        try #require(run.status == 0, "parse_mail.py failed: \(run.stderr)")
        return try JSONDecoder().decode([ParsedMail].self, from: Data(run.stdout.utf8))
    }
}

extension String {
    /// The text with CRLF line breaks turned into LF (the canonical form on the wire is CRLF).
    var withLF: String { replacingOccurrences(of: "\r\n", with: "\n") }
}
