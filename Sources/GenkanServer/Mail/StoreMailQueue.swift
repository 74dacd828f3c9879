import Foundation
import GenkanMail
import GenkanStore
import Synchronization

/// The outbox table as the sender's queue: a connection of its own (the sender's thread blocks on
/// SMTP, so it does not borrow one of the pool's), times in whole seconds.
///
/// `dueMail` claims what it returns for `leaseSeconds` (`AccountStore.claimDueMail`), so that the
/// senders of several servers on one database never send a message twice; the lease outlasts a
/// delivery (`SMTPTransport` gives up after 60 s), and the sender takes one message at a time
/// (`batchSize`), so no claimed message waits behind others' deliveries.
final class StoreMailQueue: MailQueue {
    private let store: Mutex<AccountStore>
    let leaseSeconds: Int64
    /// Messages claimed at a time: the sender's batch size.
    static let batchSize = 1
    /// How often the sender looks at an outbox other servers write to as well: a message another
    /// server queued (and did not send, having stopped) waits at most this long.
    static let sharedQueueRecheck: Duration = .seconds(5)

    init(store: sending AccountStore, leaseSeconds: Int64 = 300) {
        self.store = Mutex(store)
        self.leaseSeconds = leaseSeconds
    }

    func dueMail(now: Date, limit: Int) throws -> [GenkanMail.QueuedMail] {
        try store.withLock { store in
            try store.claimDueMail(now: Int64(now.timeIntervalSince1970), limit: limit, leaseSeconds: leaseSeconds).map { entry in
                GenkanMail.QueuedMail(
                    id: entry.id, sender: entry.mail.sender, recipient: entry.mail.recipient, bytes: entry.mail.message,
                    attempts: Int(entry.attempts))
            }
        }
    }

    func markSent(_ id: Int64) throws {
        try store.withLock { try $0.markSent(id: id) }
    }

    func markFailed(_ id: Int64, retryAt: Date, error: MailError) throws {
        try store.withLock { try $0.markFailed(id: id, retryAt: Int64(retryAt.timeIntervalSince1970.rounded(.up)), error: error.description) }
    }

    func giveUp(_ id: Int64, error: MailError) throws {
        try store.withLock { try $0.giveUp(id: id, error: error.description) }
    }

    func earliestAttempt() throws -> Date? {
        try store.withLock { store in try store.nextMailAttempt().map { Date(timeIntervalSince1970: TimeInterval($0)) } }
    }
}
