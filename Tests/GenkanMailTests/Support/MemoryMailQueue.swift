import Foundation
import GenkanMail
import Synchronization

/// A `MailQueue` in memory that records every call, for the sender's tests.
final class MemoryMailQueue: MailQueue {
    enum Status: Equatable {
        case pending
        case sent
        case givenUp(MailError.Code)
    }

    struct Entry {
        var mail: QueuedMail
        var due: Date
        var status: Status = .pending
        var failures: [(at: Date, error: MailError)] = []
        var sentCount = 0
    }

    private let entries = Mutex<[Int64: Entry]>([:])
    private let nextID = Mutex<Int64>(1)

    /// Adds a message, due now; returns its id.
    @discardableResult
    func enqueue(sender: String, recipient: String, bytes: [UInt8]) -> Int64 {
        let id = nextID.withLock { value in
            defer { value += 1 }
            return value
        }
        entries.withLock {
            $0[id] = Entry(mail: QueuedMail(id: id, sender: sender, recipient: recipient, bytes: bytes, attempts: 0), due: Date())
        }
        return id
    }

    func entry(_ id: Int64) -> Entry? { entries.withLock { $0[id] } }

    func dueMail(now: Date, limit: Int) throws -> [QueuedMail] {
        entries.withLock { entries in
            entries.values.filter { $0.status == .pending && $0.due <= now }.sorted { $0.mail.id < $1.mail.id }
                .prefix(limit).map(\.mail)
        }
    }

    func markSent(_ id: Int64) throws {
        entries.withLock {
            $0[id]?.status = .sent
            $0[id]?.sentCount += 1
        }
    }

    func markFailed(_ id: Int64, retryAt: Date, error: MailError) throws {
        entries.withLock {
            guard var entry = $0[id] else { return }
            entry.failures.append((Date(), error))
            entry.due = retryAt
            let mail = entry.mail
            entry.mail = QueuedMail(id: id, sender: mail.sender, recipient: mail.recipient, bytes: mail.bytes, attempts: mail.attempts + 1)
            $0[id] = entry
        }
    }

    func giveUp(_ id: Int64, error: MailError) throws {
        entries.withLock {
            $0[id]?.failures.append((Date(), error))
            $0[id]?.status = .givenUp(error.code)
        }
    }

    func earliestAttempt() throws -> Date? {
        entries.withLock { $0.values.filter { $0.status == .pending }.map(\.due).min() }
    }
}

/// Log lines collected from the sender's thread.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
