/// What the Firebase-compatible API reads and writes beside the site's own columns: the photo URL,
/// the last sign-in, listing and deleting accounts for the Admin SDKs.
extension AccountStore {
    /// The longest photo URL kept, in UTF-8 bytes (the table CHECKs it too).
    public static let maximumPhotoURLLength = 2048

    /// The account with this id, with its photo URL, last sign-in, password and identities.
    func profile(id: Int64) throws(StoreError) -> AccountProfile? {
        try withIdentities(storage.storedAccount(id: id))
    }

    /// The account with this uid, as `profile(id:)` gives it.
    func profile(uid: String) throws(StoreError) -> AccountProfile? {
        guard Self.isValidUID(uid) else { return nil }
        return try storage.reading { () throws(StoreError) in try withIdentities(storage.storedAccount(uid: uid)) }
    }

    /// The account whose address has the comparison key of `email`, as `profile(id:)` gives it.
    func profile(email: String) throws(StoreError) -> AccountProfile? {
        try storage.reading { () throws(StoreError) in try withIdentities(storage.storedAccount(emailKey: Self.emailKey(email))) }
    }

    /// Up to `limit` accounts whose id is above `afterID`, in id order (the Admin SDK's list of users).
    func profiles(afterID: Int64, limit: Int) throws(StoreError) -> [AccountProfile] {
        var profiles: [AccountProfile] = []
        for stored in try storage.accounts(afterID: afterID, limit: limit) {
            if let profile = try withIdentities(stored) { profiles.append(profile) }
        }
        return profiles
    }

    private func withIdentities(_ stored: StoredAccount?) throws(StoreError) -> AccountProfile? {
        guard let stored else { return nil }
        let profile = stored.profile
        return AccountProfile(
            account: profile.account, photoURL: profile.photoURL, lastLoginAt: profile.lastLoginAt, hasPassword: profile.hasPassword,
            identities: try storage.identities(accountID: stored.account.id))
    }

    /// Records a sign-in with the password now.
    func recordLogin(accountID: Int64) throws(StoreError) {
        try storage.setLastLogin(accountID: accountID, clock.now())
    }

    /// Sets or (nil) removes the photo URL; false when there is no such account.
    ///
    /// - Throws: `StoreError.Code.constraint` for a URL over `maximumPhotoURLLength` bytes.
    @discardableResult
    func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool {
        if let url, url.utf8.count > Self.maximumPhotoURLLength {
            throw StoreError(.constraint, "a photo URL is at most \(Self.maximumPhotoURLLength) bytes")
        }
        return try storage.setPhotoURL(accountID: accountID, url)
    }

    /// Deletes every account with everything about it (the emulator's "delete all accounts"); returns
    /// how many accounts there were.
    @discardableResult
    func deleteAllAccounts() throws(StoreError) -> Int {
        try transaction { () throws(StoreError) -> Int in
            var count = 0
            while true {
                let batch = try storage.accounts(afterID: 0, limit: 100)
                if batch.isEmpty { return count }
                for stored in batch { try deleteAccount(id: stored.account.id) }
                count += batch.count
            }
        }
    }
}
