/// Anonymous accounts (an app's guest before it has an account) and custom claims.
extension AccountStore {
    /// Deletes the anonymous accounts nothing used for `lifetime` seconds — no sign-in, no refresh
    /// of their tokens — with everything about them, a hundred per transaction; returns how many.
    @discardableResult
    func deleteUnusedAnonymousAccounts(unusedFor lifetime: Int64) throws(StoreError) -> Int {
        let cutoff = clock.now() - lifetime
        var count = 0
        while true {
            let deleted = try transaction { () throws(StoreError) -> Int in
                // Read again inside the transaction: a refresh committed since the look-up keeps
                // the account.
                let ids = try storage.unusedAnonymousAccounts(before: cutoff, limit: 100)
                for id in ids { try deleteAccount(id: id) }
                return ids.count
            }
            count += deleted
            if deleted < 100 { return count }
        }
    }

    /// The account is anonymous no more: it was given an address, a password or a provider, or a
    /// custom token signed in to it.
    func keep(accountID: Int64) throws(StoreError) {
        try storage.setAnonymous(accountID: accountID, false)
    }

    /// Sets or (nil) removes the developer claims of the account's ID tokens; false when there is
    /// no such account.
    ///
    /// - Throws: `StoreError.Code.constraint` for claims over `maximumClaimsLength` bytes.
    @discardableResult
    func setCustomClaims(accountID: Int64, _ claims: String?) throws(StoreError) -> Bool {
        if let claims, claims.utf8.count > Self.maximumClaimsLength {
            throw StoreError(.constraint, "custom claims are at most \(Self.maximumClaimsLength) bytes")
        }
        return try storage.setCustomClaims(accountID: accountID, claims)
    }
}
