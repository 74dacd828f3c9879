extension SQLiteStore {
    public func enqueueMail(_ mail: OutgoingMail, accountID: Int64?, at time: Int64) throws(StoreError) -> Int64 {
        try database.prepare(
            """
            INSERT INTO outbox (sender, recipient, message, created_at, next_attempt_at, account_id)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .text(mail.sender), .text(mail.recipient), .blob(mail.message), .integer(time), .integer(time),
            accountID.storeValue
        ).run()
        return database.lastInsertedRowID
    }

    public func deleteMail(accountID: Int64) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM outbox WHERE account_id = ?").bind(.integer(accountID)).runCountingChanges()
    }

    public func dueMail(now: Int64, limit: Int) throws(StoreError) -> [OutboxMessage] {
        try database.allRows(
            """
            SELECT \(StoreColumns.outboxMessage) FROM outbox
            WHERE given_up_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?
            """, .integer(now), .integer(Int64(max(0, limit)))
        ) { $0.outboxMessage() }
    }

    /// One write transaction (SQLite has one writer at a time): the messages read are moved past
    /// the lease before any other connection, of this process or another, can read them.
    public func claimDueMail(now: Int64, limit: Int, leaseUntil: Int64) throws(StoreError) -> [OutboxMessage] {
        try database.quickTransaction { () throws(StoreError) -> [OutboxMessage] in
            let due = try dueMail(now: now, limit: limit)
            let lease = try database.prepare("UPDATE outbox SET next_attempt_at = ? WHERE id = ?")
            for message in due { try lease.bind(.integer(leaseUntil), .integer(message.id)).run() }
            return due
        }
    }

    public func nextMailAttempt() throws(StoreError) -> Int64? {
        let statement = try database.prepare("SELECT min(next_attempt_at) FROM outbox WHERE given_up_at IS NULL")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.optionalInteger(0)
    }

    public func deleteMail(id: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM outbox WHERE id = ?").bind(.integer(id)).run()
    }

    public func setMailFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try database.prepare(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?"
        ).bind(.integer(retryAt), .text(error), .integer(id)).run()
    }

    public func setMailGivenUp(id: Int64, at time: Int64, error: String) throws(StoreError) {
        try database.prepare(
            "UPDATE outbox SET attempts = attempts + 1, given_up_at = ?, last_error = ?, message = X'' WHERE id = ?"
        ).bind(.integer(time), .text(error), .integer(id)).run()
    }

    public func undeliverableMail(limit: Int) throws(StoreError) -> [OutboxMessage] {
        try database.allRows(
            """
            SELECT \(StoreColumns.outboxMessage) FROM outbox
            WHERE given_up_at IS NOT NULL ORDER BY given_up_at DESC, id DESC LIMIT ?
            """, .integer(Int64(max(0, limit)))
        ) { $0.outboxMessage() }
    }

    // MARK: Secrets

    public func secret(named name: String) throws(StoreError) -> [UInt8]? {
        try database.firstRow("SELECT value FROM secrets WHERE name = ?", .text(name)) { $0.blob(0) }
    }

    public func insertSecret(named name: String, _ value: [UInt8]) throws(StoreError) -> [UInt8] {
        try database.prepare("INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)").bind(.text(name), .blob(value)).run()
        return try secret(named: name) ?? value
    }
}
