/// A request for a mail to an address — a password reset, or a sign-in link — as the page
/// received it, before anyone looked the address up.
public struct ResetRequest: Sendable, Hashable {
    /// What the request asks to be mailed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A link that sets a new password.
        case resetPassword = "reset-password"
        /// A link that signs in without the password.
        case signIn = "sign-in"
    }

    public let id: Int64
    /// The normalized address as typed.
    public let email: String
    /// The language of the page, for the mail.
    public let locale: String
    public let createdAt: Int64
    public let kind: Kind

    public init(id: Int64, email: String, locale: String, createdAt: Int64, kind: Kind = .resetPassword) {
        self.id = id
        self.email = email
        self.locale = locale
        self.createdAt = createdAt
        self.kind = kind
    }
}

extension AccountStore {
    /// Records a reset request durably, whatever the address: the page answers once this has
    /// committed, so the answer costs the same for an address with an account and one without,
    /// and a crash after the answer loses no request (`pendingResetRequests` finds it on the next
    /// start). The address is kept only until the request is processed.
    ///
    /// - Parameter kind: what to mail an account with the address (a sign-in link comes from the
    ///   sign-in page's "send me a link", which is answered the same way).
    @discardableResult
    func recordResetRequest(email: String, locale: String, kind: ResetRequest.Kind = .resetPassword) throws(StoreError) -> Int64 {
        try storage.insertResetRequest(email: email, emailKey: Self.emailKey(email), locale: locale, kind: kind, at: clock.now())
    }

    /// The requests not processed yet, oldest first.
    func pendingResetRequests(limit: Int = 100) throws(StoreError) -> [ResetRequest] {
        try storage.resetRequests(limit: limit)
    }

    /// Deletes a request; false when another connection already did (and processed it).
    func deleteResetRequest(id: Int64) throws(StoreError) -> Bool {
        try storage.deleteResetRequest(id: id)
    }
}
