import GenkanSQL

extension SQLStore {
    func enqueueMail(_ mail: OutgoingMail, accountID: Int64?, at time: Int64) throws(StoreError) -> Int64 {
        try insertedID(
            """
            INSERT INTO outbox (sender, recipient, message, created_at, next_attempt_at, account_id)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [.text(mail.sender), .text(mail.recipient), .blob(mail.message), .integer(time), .integer(time), accountID.storeValue])
    }

    func deleteMail(accountID: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM outbox WHERE account_id = ?", .integer(accountID))
    }

    /// The due messages as they are now; reading claims nothing (`claimDueMail` does).
    func dueMail(now: Int64, limit: Int) throws(StoreError) -> [OutboxMessage] {
        try allRows(
            """
            SELECT \(StoreColumns.outboxMessage) FROM outbox
            WHERE given_up_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?
            """, .integer(now), .integer(Int64(max(0, limit)))
        ) { $0.outboxMessage() }
    }

    /// Where the dialect can take the due rows in one statement that skips the rows another
    /// sender is taking (`SQLDialect.claimDueMail`), that statement; otherwise one write
    /// transaction that reads them and moves them past the lease, which no other connection of
    /// any process can interleave with where writers take turns (SQLite).
    func claimDueMail(now: Int64, limit: Int, leaseUntil: Int64) throws(StoreError) -> [OutboxMessage] {
        if let claim = dialect.claimDueMail {
            return try allRows(claim, .integer(now), .integer(Int64(max(0, limit))), .integer(leaseUntil)) { $0.outboxMessage() }
                .sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
        }
        return try connection.transaction(.quick) { () throws(StoreError) -> [OutboxMessage] in
            let due = try dueMail(now: now, limit: limit)
            for message in due {
                try changes("UPDATE outbox SET next_attempt_at = ? WHERE id = ?", .integer(leaseUntil), .integer(message.id))
            }
            return due
        }
    }

    func nextMailAttempt() throws(StoreError) -> Int64? {
        try firstRow("SELECT min(next_attempt_at) FROM outbox WHERE given_up_at IS NULL") { $0.optionalInteger(0) } ?? nil
    }

    func deleteMail(id: Int64) throws(StoreError) {
        try changes("DELETE FROM outbox WHERE id = ?", .integer(id))
    }

    func setMailFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try changes(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?", .integer(retryAt), .text(error),
            .integer(id))
    }

    /// The message's bytes become an empty blob (a parameter: SQLite and PostgreSQL spell an empty
    /// blob literal differently).
    func setMailGivenUp(id: Int64, at time: Int64, error: String) throws(StoreError) {
        try changes(
            "UPDATE outbox SET attempts = attempts + 1, given_up_at = ?, last_error = ?, message = ? WHERE id = ?", .integer(time),
            .text(error), .blob([]), .integer(id))
    }

    func undeliverableMail(limit: Int) throws(StoreError) -> [OutboxMessage] {
        try allRows(
            """
            SELECT \(StoreColumns.outboxMessage) FROM outbox
            WHERE given_up_at IS NOT NULL ORDER BY given_up_at DESC, id DESC LIMIT ?
            """, .integer(Int64(max(0, limit)))
        ) { $0.outboxMessage() }
    }

    // MARK: Secrets

    func secret(named name: String) throws(StoreError) -> [UInt8]? {
        try firstRow("SELECT value FROM secrets WHERE name = ?", .text(name)) { $0.blob(0) }
    }

    func insertSecret(named name: String, _ value: [UInt8]) throws(StoreError) -> [UInt8] {
        try changes("INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", .text(name), .blob(value))
        return try secret(named: name) ?? value
    }
}
