/// The mail outbox: messages written in the same transaction as what they announce, delivered by
/// one background sender with retries. A delivered message is deleted (its link carries a live
/// code, which must not outlive the need for it); one given up on keeps its envelope and error for
/// the operator, but not its bytes.
///
/// Any number of senders on one database: each takes its messages with `claimDueMail`, which
/// leases them to it, so each message goes out once however many servers run.
extension AccountStore {
    /// The longest `last_error` kept; longer texts are cut.
    static let maximumErrorLength = 500

    /// Queues a message, inside the caller's transaction when there is one; returns its row id.
    ///
    /// - Parameter accountID: the account the message is about (its code, a notice to its owner),
    ///   so that deleting the account deletes the message if it is still unsent; nil for none.
    /// - Throws: `StoreError.Code.constraint` when the sender or recipient is empty or holds a line
    ///   break, or there is no account `accountID`.
    @discardableResult
    func enqueueMail(_ mail: OutgoingMail, accountID: Int64? = nil) throws(StoreError) -> Int64 {
        let id = try storage.enqueueMail(mail, accountID: accountID, at: clock.now())
        queuedMail = true
        return id
    }

    /// Up to `limit` messages whose next attempt is due at `now` (the store's clock by default),
    /// earliest first, then in the order they were queued.
    func dueMail(now: Int64? = nil, limit: Int = 16) throws(StoreError) -> [OutboxMessage] {
        try storage.dueMail(now: now ?? clock.now(), limit: limit)
    }

    /// Takes up to `limit` due messages for this sender until `leaseSeconds` from now
    /// (`Storage.claimDueMail`): no other sender on the database gets them meanwhile. The lease
    /// must be longer than a delivery can take (the transport's timeout), or a slow delivery could
    /// be made twice; a message whose sender died goes out once the lease ends.
    func claimDueMail(now: Int64? = nil, limit: Int = 1, leaseSeconds: Int64 = 300) throws(StoreError) -> [OutboxMessage] {
        let now = now ?? clock.now()
        return try storage.claimDueMail(now: now, limit: limit, leaseUntil: now + leaseSeconds)
    }

    /// The earliest next attempt of any message still to send (a sender sleeps until then, or
    /// until it is told of new mail); nil when the outbox is empty.
    func nextMailAttempt() throws(StoreError) -> Int64? {
        try storage.nextMailAttempt()
    }

    /// The message was accepted by the transport: it leaves the outbox.
    func markSent(id: Int64) throws(StoreError) {
        try storage.deleteMail(id: id)
    }

    /// A delivery failed and will be tried again at `retryAt`.
    ///
    /// - Parameter error: what went wrong, for the operator (a transport's reply, never a password
    ///   or the message); cut to `maximumErrorLength` characters.
    func markFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try storage.setMailFailed(id: id, retryAt: retryAt, error: String(error.prefix(Self.maximumErrorLength)))
    }

    /// Stops trying a message (a permanent failure, or too many attempts): its bytes are erased,
    /// its envelope, attempts and error stay for the operator.
    func giveUp(id: Int64, error: String) throws(StoreError) {
        try storage.setMailGivenUp(id: id, at: clock.now(), error: String(error.prefix(Self.maximumErrorLength)))
    }

    /// Messages given up on, most recent first (for the operator).
    func undeliverableMail(limit: Int = 100) throws(StoreError) -> [OutboxMessage] {
        try storage.undeliverableMail(limit: limit)
    }
}
