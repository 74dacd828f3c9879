import Foundation
@testable import GenkanStore
@testable import GenkanHTTP
import GenkanHTTPTesting

/// The mail a test's site queued, read from the outbox table (the fixture's sender is off) and
/// decoded as a mail client would: quoted-printable undone, so links can be followed.
struct QueuedMails {
    struct Mail {
        let recipient: String
        /// The whole message with its quoted-printable parts decoded (RFC 2045 §6.7).
        let text: String

        /// The first link to `path` (`/password/reset`), as the test client requests it.
        func link(_ path: String) -> String? {
            guard let match = SiteClient.firstMatch("http://genkan\\.test(\(NSRegularExpression.escapedPattern(for: path))\\?code=[A-Za-z0-9_-]{43})", in: text)
            else { return nil }
            return match
        }
    }

    let database: String

    var all: [Mail] {
        get throws {
            let store = try AccountStore(path: database)
            return try store.dueMail(now: Int64.max, limit: 1000).map { Mail(recipient: $0.mail.recipient, text: Self.decoded($0.mail.message)) }
        }
    }

    /// Undoes quoted-printable: soft line breaks and `=XX` escapes (other bytes stay).
    static func decoded(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.count {
                if bytes[index + 1] == 13 && bytes[index + 2] == 10 {
                    index += 3
                    continue
                }
                if let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension AppFixture {
    var mails: QueuedMails { QueuedMails(database: configuration.database.description) }
}
