/// The outbox as its sender sees it, over a connection of its own: what is due, and what became of
/// each delivery. The account operations queue mail inside their transactions; delivering it is
/// this type's alone, and it changes nothing but the outbox.
public final class Outbox {
    private let store: AccountStore

    /// The sender's own connection: its thread blocks on SMTP, so it borrows none of the workers'.
    public init(store: AccountStore) {
        self.store = store
    }

    /// Up to `limit` messages whose next attempt is due at `now`, earliest first, then in the order
    /// they were queued. Only reads: for one server alone on its database.
    public func dueMail(now: Int64, limit: Int) throws(StoreError) -> [OutboxMessage] {
        try store.dueMail(now: now, limit: limit)
    }

    /// Takes up to `limit` due messages until `leaseSeconds` from now: no other server's sender on
    /// the database gets them meanwhile (`AccountStore.claimDueMail`).
    public func claimDueMail(now: Int64, limit: Int, leaseSeconds: Int64) throws(StoreError) -> [OutboxMessage] {
        try store.claimDueMail(now: now, limit: limit, leaseSeconds: leaseSeconds)
    }

    /// The earliest next attempt of any message still to send; nil when the outbox is empty.
    public func nextMailAttempt() throws(StoreError) -> Int64? {
        try store.nextMailAttempt()
    }

    /// The transport accepted the message: it leaves the outbox.
    public func markSent(id: Int64) throws(StoreError) {
        try store.markSent(id: id)
    }

    /// The delivery failed and is tried again at `retryAt`; `error` is for the operator.
    public func markFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try store.markFailed(id: id, retryAt: retryAt, error: error)
    }

    /// No more attempts: the bytes go, the envelope and `error` stay for the operator.
    public func giveUp(id: Int64, error: String) throws(StoreError) {
        try store.giveUp(id: id, error: error)
    }
}
