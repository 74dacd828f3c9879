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
        try storage.insertResetRequest(email: email, emailKey: Self.emailKey(email), locale: locale, at: clock.now())
    }

    /// The requests not processed yet, oldest first.
    public func pendingResetRequests(limit: Int = 100) throws(StoreError) -> [ResetRequest] {
        try storage.resetRequests(limit: limit)
    }

    /// Deletes a request; false when another connection already did (and processed it).
    func deleteResetRequest(id: Int64) throws(StoreError) -> Bool {
        try storage.deleteResetRequest(id: id)
    }
}
