extension PostgresStore {
    public func enqueueMail(_ mail: OutgoingMail, accountID: Int64?, at time: Int64) throws(StoreError) -> Int64 {
        try insertedID(
            rows(
                """
                INSERT INTO outbox (sender, recipient, message, created_at, next_attempt_at, account_id)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """,
                .text(mail.sender), .text(mail.recipient), .blob(mail.message), .integer(time), .integer(time), accountID.storeValue))
    }

    public func deleteMail(accountID: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM outbox WHERE account_id = $1", .integer(accountID))
    }

    /// The due messages as they are now; reading claims nothing (`claimDueMail` does).
    public func dueMail(now: Int64, limit: Int) throws(StoreError) -> [OutboxMessage] {
        try rows(
            """
            SELECT \(StoreColumns.outboxMessage) FROM outbox
            WHERE given_up_at IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT $2
            """, .integer(now), .integer(Int64(max(0, limit)))
        ).rows.map { $0.outboxMessage() }
    }

    /// One statement: the due rows are locked with `FOR UPDATE SKIP LOCKED`, so a sender on
    /// another server passes over the rows this one is taking instead of waiting for them (or
    /// taking them too), and their next attempt moves to the lease in the same statement, so once
    /// it commits no sender sees them as due. Their old due time comes back for the caller.
    public func claimDueMail(now: Int64, limit: Int, leaseUntil: Int64) throws(StoreError) -> [OutboxMessage] {
        try rows(
            """
            WITH due AS (
                SELECT id, next_attempt_at FROM outbox
                WHERE given_up_at IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT $2
                FOR UPDATE SKIP LOCKED)
            UPDATE outbox SET next_attempt_at = $3 FROM due WHERE outbox.id = due.id
            RETURNING outbox.id, outbox.sender, outbox.recipient, outbox.message, outbox.created_at, outbox.attempts,
                due.next_attempt_at, outbox.last_error
            """, .integer(now), .integer(Int64(max(0, limit))), .integer(leaseUntil)
        ).rows.map { $0.outboxMessage() }.sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
    }

    public func nextMailAttempt() throws(StoreError) -> Int64? {
        try rows("SELECT min(next_attempt_at) FROM outbox WHERE given_up_at IS NULL").first?.optionalInteger(0)
    }

    public func deleteMail(id: Int64) throws(StoreError) {
        try changes("DELETE FROM outbox WHERE id = $1", .integer(id))
    }

    public func setMailFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try changes(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE id = $3", .integer(retryAt), .text(error),
            .integer(id))
    }

    public func setMailGivenUp(id: Int64, at time: Int64, error: String) throws(StoreError) {
        try changes(
            "UPDATE outbox SET attempts = attempts + 1, given_up_at = $1, last_error = $2, message = ''::bytea WHERE id = $3",
            .integer(time), .text(error), .integer(id))
    }

    public func undeliverableMail(limit: Int) throws(StoreError) -> [OutboxMessage] {
        try rows(
            """
            SELECT \(StoreColumns.outboxMessage) FROM outbox
            WHERE given_up_at IS NOT NULL ORDER BY given_up_at DESC, id DESC LIMIT $1
            """, .integer(Int64(max(0, limit)))
        ).rows.map { $0.outboxMessage() }
    }

    // MARK: Secrets

    public func secret(named name: String) throws(StoreError) -> [UInt8]? {
        try rows("SELECT value FROM secrets WHERE name = $1", .text(name)).first?.blob(0)
    }

    public func insertSecret(named name: String, _ value: [UInt8]) throws(StoreError) -> [UInt8] {
        _ = try rows("INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", .text(name), .blob(value))
        return try secret(named: name) ?? value
    }
}
