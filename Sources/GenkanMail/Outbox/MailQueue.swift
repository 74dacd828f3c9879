import Foundation

/// Mail waiting to be delivered, as the outbox keeps it: the store's implementation writes a row
/// in the same transaction as the code the mail carries, and `OutboxSender` delivers it.
///
/// Every method may be called from the sender's thread; an implementation must be safe to call
/// from any thread. Errors thrown here are logged by the sender, which tries again later. With
/// several servers on one queue, `dueMail` should claim what it returns (a lease until some time)
/// so that two senders do not send the same message; the other calls end the claim.
public protocol MailQueue: Sendable {
    /// Up to `limit` messages whose next attempt is due at `now`, oldest first.
    func dueMail(now: Date, limit: Int) throws -> [QueuedMail]
    /// Records that the transport accepted message `id`; it is never returned again.
    func markSent(_ id: Int64) throws
    /// Records one more failed attempt of message `id` (its `attempts` grows by one) and the time
    /// before which `dueMail` must not return it.
    func markFailed(_ id: Int64, retryAt: Date, error: MailError) throws
    /// Records that message `id` will not be delivered (a permanent failure, or too many
    /// attempts, the last one included); it is never returned again.
    func giveUp(_ id: Int64, error: MailError) throws
    /// The earliest time a message not yet sent or given up is due, nil when there is none.
    func earliestAttempt() throws -> Date?
}

/// One message of the outbox, for one recipient.
public struct QueuedMail: Sendable, Hashable {
    public let id: Int64
    /// The envelope sender (the `From` address).
    public let sender: String
    /// The envelope recipient.
    public let recipient: String
    /// The rendered message (`MailMessage.bytes`).
    public let bytes: [UInt8]
    /// Attempts already made.
    public let attempts: Int

    public init(id: Int64, sender: String, recipient: String, bytes: [UInt8], attempts: Int) {
        self.id = id
        self.sender = sender
        self.recipient = recipient
        self.bytes = bytes
        self.attempts = attempts
    }
}
