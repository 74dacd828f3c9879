/// The mail outbox: messages written in the same transaction as what they announce, delivered by
/// one background sender with retries. A delivered message is deleted (its link carries a live
/// code, which must not outlive the need for it); one given up on keeps its envelope and error for
/// the operator, but not its bytes.
///
/// One sender per database at a time: `dueMail` reads without claiming.
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
    public func enqueueMail(_ mail: OutgoingMail, accountID: Int64? = nil) throws(StoreError) -> Int64 {
        let now = clock.now()
        try database.prepare(
            """
            INSERT INTO outbox (sender, recipient, message, created_at, next_attempt_at, account_id)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .text(mail.sender), .text(mail.recipient), .blob(mail.message), .integer(now), .integer(now),
            accountID.map { .integer($0) } ?? .null
        ).run()
        return database.lastInsertedRowID
    }

    /// Deletes every message about the account, unsent or given up on (which still names its
    /// address); returns how many.
    @discardableResult
    func deleteMail(accountID: Int64) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM outbox WHERE account_id = ?").bind(.integer(accountID)).run()
        return database.changes
    }

    /// Up to `limit` messages whose next attempt is due at `now` (the store's clock by default),
    /// earliest first, then in the order they were queued.
    public func dueMail(now: Int64? = nil, limit: Int = 16) throws(StoreError) -> [OutboxMessage] {
        let statement = try database.prepare(
            """
            SELECT id, sender, recipient, message, created_at, attempts, next_attempt_at, last_error FROM outbox
            WHERE given_up_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?
            """)
        defer { statement.reset() }
        try statement.bind(.integer(now ?? clock.now()), .integer(Int64(max(0, limit))))
        var due: [OutboxMessage] = []
        while try statement.step() {
            due.append(
                OutboxMessage(
                    id: statement.integer(0),
                    mail: OutgoingMail(sender: statement.text(1), recipient: statement.text(2), message: statement.blob(3)),
                    createdAt: statement.integer(4), attempts: statement.integer(5), nextAttemptAt: statement.integer(6),
                    lastError: statement.optionalText(7)))
        }
        return due
    }

    /// The earliest next attempt of any message still to send (a sender sleeps until then, or
    /// until it is told of new mail); nil when the outbox is empty.
    public func nextMailAttempt() throws(StoreError) -> Int64? {
        let statement = try database.prepare("SELECT min(next_attempt_at) FROM outbox WHERE given_up_at IS NULL")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.optionalInteger(0)
    }

    /// The message was accepted by the transport: it leaves the outbox.
    public func markSent(id: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM outbox WHERE id = ?").bind(.integer(id)).run()
    }

    /// A delivery failed and will be tried again at `retryAt`.
    ///
    /// - Parameter error: what went wrong, for the operator (a transport's reply, never a password
    ///   or the message); cut to `maximumErrorLength` characters.
    public func markFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try database.prepare(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?"
        ).bind(.integer(retryAt), .text(String(error.prefix(Self.maximumErrorLength))), .integer(id)).run()
    }

    /// Stops trying a message (a permanent failure, or too many attempts): its bytes are erased,
    /// its envelope, attempts and error stay for the operator.
    public func giveUp(id: Int64, error: String) throws(StoreError) {
        try database.prepare(
            "UPDATE outbox SET attempts = attempts + 1, given_up_at = ?, last_error = ?, message = X'' WHERE id = ?"
        ).bind(.integer(clock.now()), .text(String(error.prefix(Self.maximumErrorLength))), .integer(id)).run()
    }

    /// Messages given up on, most recent first (for the operator).
    public func undeliverableMail(limit: Int = 100) throws(StoreError) -> [OutboxMessage] {
        let statement = try database.prepare(
            """
            SELECT id, sender, recipient, created_at, attempts, next_attempt_at, last_error FROM outbox
            WHERE given_up_at IS NOT NULL ORDER BY given_up_at DESC, id DESC LIMIT ?
            """)
        defer { statement.reset() }
        try statement.bind(.integer(Int64(max(0, limit))))
        var failed: [OutboxMessage] = []
        while try statement.step() {
            failed.append(
                OutboxMessage(
                    id: statement.integer(0),
                    mail: OutgoingMail(sender: statement.text(1), recipient: statement.text(2), message: []),
                    createdAt: statement.integer(3), attempts: statement.integer(4), nextAttemptAt: statement.integer(5),
                    lastError: statement.optionalText(6)))
        }
        return failed
    }
}
