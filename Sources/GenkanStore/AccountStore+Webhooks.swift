/// The webhook queue: one delivery per event and receiver, written with the event, taken by any
/// server's sender with a lease (`claimDueWebhooks`), so each goes out from one server at a time,
/// and an account's deliveries to a receiver one after the other, in the order of its events.
extension AccountStore {
    /// Takes up to `limit` due deliveries for this sender until `leaseSeconds` from now: no other
    /// sender on the database gets them meanwhile. The lease must outlast an attempt (the client's
    /// timeout); a delivery whose sender died goes out once its lease ends.
    func claimDueWebhooks(now: Int64? = nil, limit: Int = 20, leaseSeconds: Int64 = 60) throws(StoreError) -> [StoredDelivery] {
        let now = now ?? clock.now()
        return try storage.claimDueDeliveries(now: now, limit: limit, leaseUntil: now + max(1, leaseSeconds))
    }

    /// The receiver took the delivery: it leaves the queue.
    func markWebhookDelivered(id: Int64) throws(StoreError) {
        try storage.deleteDelivery(id: id)
    }

    /// An attempt failed; the next is due at `retryAt`.
    ///
    /// - Parameter error: the answer's status or the network's reason, cut to
    ///   `maximumErrorLength` characters; never a body or a secret.
    func markWebhookFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try storage.setDeliveryFailed(id: id, retryAt: retryAt, error: String(error.prefix(Self.maximumErrorLength)))
    }

    /// Stops trying a delivery (410 Gone, or too many attempts); the account's next delivery to the
    /// receiver may go.
    func giveUpWebhook(id: Int64, error: String) throws(StoreError) {
        try storage.setDeliveryGivenUp(id: id, at: clock.now(), error: String(error.prefix(Self.maximumErrorLength)))
    }

    /// When the next delivery falls due; nil when none is waiting.
    func nextWebhookAttempt() throws(StoreError) -> Int64? {
        try storage.nextDeliveryAttempt()
    }

    /// Deliveries given up on, most recent first (for the operator).
    func undeliverableWebhooks(limit: Int = 100) throws(StoreError) -> [StoredDelivery] {
        try storage.undeliverableWebhooks(limit: limit)
    }
}
