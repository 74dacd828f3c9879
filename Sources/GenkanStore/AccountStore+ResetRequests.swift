/// A password-reset request as the page received it, before anyone looked the address up.
public struct ResetRequest: Sendable, Hashable {
    public let id: Int64
    /// The normalized address as typed.
    public let email: String
    /// The language of the page, for the mail.
    public let locale: String
    public let createdAt: Int64
}

extension AccountStore {
    /// Records a reset request durably, whatever the address: the page answers once this has
    /// committed, so the answer costs the same for an address with an account and one without,
    /// and a crash after the answer loses no request (`pendingResetRequests` finds it on the next
    /// start). The address is kept only until the request is processed.
    @discardableResult
    public func recordResetRequest(email: String, locale: String) throws(StoreError) -> Int64 {
        try database.prepare(
            "INSERT INTO reset_requests (email, email_key, locale, created_at) VALUES (?, ?, ?, ?)"
        ).bind(.text(email), .text(Self.emailKey(email)), .text(locale), .integer(clock.now())).run()
        return database.lastInsertedRowID
    }

    /// Deletes the requests for the address with this comparison key (its account is being
    /// deleted: a request processed later must not reach whoever signs up with the address next);
    /// returns how many.
    @discardableResult
    func deleteResetRequests(emailKey: String) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM reset_requests WHERE email_key = ?").bind(.text(emailKey)).run()
        return database.changes
    }

    /// The requests not processed yet, oldest first.
    public func pendingResetRequests(limit: Int = 100) throws(StoreError) -> [ResetRequest] {
        let statement = try database.prepare("SELECT id, email, locale, created_at FROM reset_requests ORDER BY id LIMIT ?")
        defer { statement.reset() }
        try statement.bind(.integer(Int64(max(0, limit))))
        var requests: [ResetRequest] = []
        while try statement.step() {
            requests.append(
                ResetRequest(id: statement.integer(0), email: statement.text(1), locale: statement.text(2), createdAt: statement.integer(3)))
        }
        return requests
    }

    /// Deletes a request; false when another connection already did (and processed it).
    func deleteResetRequest(id: Int64) throws(StoreError) -> Bool {
        try database.prepare("DELETE FROM reset_requests WHERE id = ?").bind(.integer(id)).run()
        return database.changes > 0
    }
}
