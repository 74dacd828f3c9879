import GenkanMail

/// The site's mail: composing (`SiteMail`) and waking the sender once a transaction that queued
/// a message has committed. Without a sender (tests of pages alone), messages wait in the table.
struct Outbox: Sendable {
    let mail: SiteMail
    let sender: OutboxSender?

    /// Call after the transaction that wrote to the outbox committed.
    func notify() {
        sender?.notify()
    }
}
