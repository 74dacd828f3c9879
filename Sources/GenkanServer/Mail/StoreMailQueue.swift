import Foundation
import GenkanMail
import GenkanStore
import Synchronization

/// The outbox table as the sender's queue: a connection of its own (the sender's thread blocks on
/// SMTP, so it does not borrow one of the pool's), times in whole seconds.
///
/// With `leaseSeconds` (several servers on one PostgreSQL database), `dueMail` claims what it
/// returns for that long (`Outbox.claimDueMail`), so that the senders of several servers
/// never send a message twice; the lease outlasts a delivery (`SMTPTransport` gives up after
/// 60 s), and the sender takes one message at a time (`batchSize`), so no claimed message waits
/// behind others' deliveries. The price is that a message whose server died while sending it
/// waits for the lease to end. Without (SQLite: one server), `dueMail` only reads, and a message a
/// crash interrupted goes out again as soon as the server is back.
final class StoreMailQueue: MailQueue {
    private let outbox: Mutex<Outbox>
    let leaseSeconds: Int64?
    /// Twice the longest an SMTP delivery may take.
    static let sharedLeaseSeconds: Int64 = 120
    /// How often the sender looks at an outbox other servers write to as well: a message another
    /// server queued (and did not send, having stopped) waits at most this long.
    static let sharedQueueRecheck: Duration = .seconds(5)

    init(outbox: sending Outbox, leaseSeconds: Int64? = nil) {
        self.outbox = Mutex(outbox)
        self.leaseSeconds = leaseSeconds
    }

    /// Messages taken at a time: one while each is claimed, so none waits behind the others.
    var batchSize: Int { leaseSeconds == nil ? 20 : 1 }

    func dueMail(now: Date, limit: Int) throws -> [GenkanMail.QueuedMail] {
        try outbox.withLock { outbox in
            let now = Int64(now.timeIntervalSince1970)
            let due = try leaseSeconds.map { seconds in try outbox.claimDueMail(now: now, limit: limit, leaseSeconds: seconds) }
                ?? outbox.dueMail(now: now, limit: limit)
            return due.map { entry in
                GenkanMail.QueuedMail(
                    id: entry.id, sender: entry.mail.sender, recipient: entry.mail.recipient, bytes: entry.mail.message,
                    attempts: Int(entry.attempts))
            }
        }
    }

    func markSent(_ id: Int64) throws {
        try outbox.withLock { try $0.markSent(id: id) }
    }

    func markFailed(_ id: Int64, retryAt: Date, error: MailError) throws {
        try outbox.withLock { try $0.markFailed(id: id, retryAt: Int64(retryAt.timeIntervalSince1970.rounded(.up)), error: error.description) }
    }

    func giveUp(_ id: Int64, error: MailError) throws {
        try outbox.withLock { try $0.giveUp(id: id, error: error.description) }
    }

    func earliestAttempt() throws -> Date? {
        try outbox.withLock { outbox in try outbox.nextMailAttempt().map { Date(timeIntervalSince1970: TimeInterval($0)) } }
    }
}
