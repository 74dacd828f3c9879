/// The webhook queue as its sender sees it, over a connection of its own: what is due, and what
/// became of each delivery. The operations queue a delivery per receiver with every event they
/// record, in their transactions; delivering is this type's alone, and it changes nothing but the
/// queue (as `Outbox` is for mail).
public final class WebhookDeliveries {
    private let store: AccountStore

    /// The sender's own connection: its thread waits on receivers, so it borrows none of the
    /// workers'.
    public init(store: AccountStore) {
        self.store = store
    }

    /// Takes up to `limit` due deliveries until `leaseSeconds` from now, each the oldest open one of
    /// its account to its receiver: no other sender on the database gets them meanwhile
    /// (`AccountStore.claimDueWebhooks`).
    public func claimDue(now: Int64, limit: Int, leaseSeconds: Int64) throws(StoreError) -> [StoredDelivery] {
        try store.claimDueWebhooks(now: now, limit: limit, leaseSeconds: leaseSeconds)
    }

    /// The receiver took the delivery: it leaves the queue.
    public func markDelivered(id: Int64) throws(StoreError) {
        try store.markWebhookDelivered(id: id)
    }

    /// An attempt failed; the next is due at `retryAt`. `error` is for the operator (never a body).
    public func markFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try store.markWebhookFailed(id: id, retryAt: retryAt, error: error)
    }

    /// No more attempts (410 Gone, or the last one failed); the account's next delivery may go.
    public func giveUp(id: Int64, error: String) throws(StoreError) {
        try store.giveUpWebhook(id: id, error: error)
    }

    /// When the next delivery falls due; nil when none is waiting.
    public func nextAttempt() throws(StoreError) -> Int64? {
        try store.nextWebhookAttempt()
    }

    /// Deliveries given up on, most recent first (for the operator).
    public func undeliverable(limit: Int = 100) throws(StoreError) -> [StoredDelivery] {
        try store.undeliverableWebhooks(limit: limit)
    }
}
