extension AccountStore {
    /// Stores a new account under the comparison key of its address, with a new random uid (or
    /// `uid`, an administrator's choice).
    ///
    /// - Throws: `StoreError.Code.constraint` when the address, case aside, or the uid is already
    ///   in use.
    func createAccount(_ new: NewAccount, verified: Bool = false, uid: String? = nil) throws(StoreError) -> Account {
        try insert(
            AccountRow(
                uid: uid ?? Self.newUID(), email: new.email, emailKey: Self.emailKey(new.email), displayName: new.displayName,
                nameKey: new.nameKey, passwordHash: new.passwordHash, createdAt: clock.now(), verifiedAt: verified ? clock.now() : nil))
    }

    /// Stores a new account without an address, password or name: an anonymous sign-up's
    /// (`anonymous`), or the first sign-in of a custom token's `uid`.
    ///
    /// - Throws: `StoreError.Code.constraint` when the uid is already in use.
    func createAddresslessAccount(uid: String? = nil, anonymous: Bool) throws(StoreError) -> Account {
        try insert(
            AccountRow(
                uid: uid ?? Self.newUID(), email: nil, emailKey: nil, displayName: "", nameKey: "", passwordHash: nil,
                createdAt: clock.now(), isAnonymous: anonymous))
    }

    private func insert(_ row: AccountRow) throws(StoreError) -> Account {
        let id = try storage.insertAccount(row)
        return Account(
            id: id, uid: row.uid, email: row.email ?? "", displayName: row.displayName, nameKey: row.nameKey, createdAt: row.createdAt,
            verifiedAt: row.verifiedAt, disabledAt: nil, validSince: nil, isAnonymous: row.isAnonymous, customClaims: row.customClaims)
    }

    /// The longest uid, in code points (Firebase's limit).
    public static let maximumUIDLength = 128

    /// Whether `uid` can name an account: 1 to 128 code points, none of them a control character
    /// (it goes into tokens, logs and URLs).
    public static func isValidUID(_ uid: String) -> Bool {
        // Printable ASCII (every uid Genkan makes, most an Admin SDK sets) is decided on bytes:
        // the Unicode property look-ups below were 6 % of an `accounts:lookup`.
        let bytes = uid.utf8
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return !bytes.isEmpty && bytes.count <= maximumUIDLength }
        return !uid.isEmpty && uid.unicodeScalars.count <= maximumUIDLength
            && !uid.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }

    /// A new uid as Firebase makes them: 28 letters and digits, from libsodium's generator.
    static func newUID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var characters: [UInt8] = []
        while characters.count < 28 {
            // 62 × 4 = 248: bytes from 248 up are dropped so every character is equally likely.
            for byte in Secret.randomBytes(32) where byte < 248 && characters.count < 28 {
                characters.append(alphabet[Int(byte % 62)])
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The account with this uid.
    func account(uid: String) throws(StoreError) -> Account? {
        guard Self.isValidUID(uid) else { return nil }
        return try storage.storedAccount(uid: uid)?.account
    }

    /// The account whose address has the same comparison key as this normalized address, and its
    /// password hash ("" when it has none).
    func account(email: String) throws(StoreError) -> (account: Account, passwordHash: String)? {
        try storage.storedAccount(emailKey: Self.emailKey(email)).map { ($0.account, $0.passwordHash ?? "") }
    }

    /// The account with this id.
    func account(id: Int64) throws(StoreError) -> Account? {
        try storage.account(id: id)
    }

    /// Replaces the hash of the same password (a rehash with current parameters); sessions stay.
    func updatePasswordHash(accountID: Int64, to hash: String) throws(StoreError) {
        try storage.setPasswordHash(accountID: accountID, hash)
    }

    /// Sets a new password: stores its hash, sets `valid_since` to now and deletes every session and
    /// refresh token of the account, in one transaction (or inside the caller's). The account's count
    /// of wrong passwords in a row starts again: a new password is what opens a locked account.
    func replacePassword(accountID: Int64, passwordHash: String) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try storage.setPasswordHash(accountID: accountID, passwordHash)
            try storage.clearFailedSignIns(accountID: accountID)
            try endEverySession(accountID: accountID)
        }
    }

    /// Sets `valid_since` to now and deletes every session and refresh token of the account: what
    /// was issued before (sessions, ID and refresh tokens, pending address changes) is void, even
    /// where the delete cannot reach.
    func endEverySession(accountID: Int64) throws(StoreError) {
        try storage.setValidSince(accountID: accountID, clock.now())
        try storage.deleteSessions(accountID: accountID, keeping: nil)
        try storage.deleteRefreshTokens(accountID: accountID)
    }

    /// Sets the display name and its comparison key; false when there is no such account.
    func setName(accountID: Int64, displayName: String, nameKey: String) throws(StoreError) -> Bool {
        try storage.setName(accountID: accountID, displayName, nameKey: nameKey)
    }

    /// Moves the account to `email` (normalized) and its comparison key, verified now (the link
    /// that asked for this was opened at that address) or as `verified` says (an administrator).
    ///
    /// - Throws: `StoreError.Code.constraint` when another account has the address, case aside;
    ///   nothing is written then.
    func setEmail(accountID: Int64, to email: String, verified: Bool = true) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try storage.setEmail(accountID: accountID, email, emailKey: Self.emailKey(email))
            try storage.setVerifiedAt(accountID: accountID, verified ? clock.now() : nil)
        }
    }

    /// Deletes an account with everything about it, in one transaction (or inside the caller's):
    /// its sessions and refresh tokens, its one-time codes, its identities, its mail not yet
    /// delivered (or given up on), the password-reset requests and sign-in codes waiting for its
    /// address, and the account. Its address is free for a new sign-up afterwards.
    ///
    /// - Returns: the account as it was, or nil when there was none.
    @discardableResult
    func deleteAccount(id: Int64) throws(StoreError) -> Account? {
        try transaction { () throws(StoreError) -> Account? in
            guard let stored = try storage.storedAccount(id: id) else { return nil }
            // No key for an account that lost it to an older one in migration 2: the requests for
            // that key are the older account's.
            if let emailKey = stored.emailKey {
                try storage.deleteResetRequests(emailKey: emailKey)
                try storage.deleteSignInCodes(emailKey: emailKey, unusedOnly: false)
            }
            try storage.deleteMail(accountID: id)
            try storage.deleteCodes(accountID: id)
            try storage.deleteSessions(accountID: id, keeping: nil)
            try storage.deleteRefreshTokens(accountID: id)
            try storage.deleteIdentities(accountID: id, linkedSince: nil)
            try storage.deletePasskeyChallenges(accountID: id)
            try storage.deletePasskeys(accountID: id)
            try storage.deleteUserHandle(accountID: id)
            _ = try storage.deleteAccount(id: id)
            return stored.account
        }
    }

    /// Disables or re-enables an account. Disabling ends its sessions and sets `valid_since`, so
    /// every ID and refresh token issued before is void even once the account is enabled again; the
    /// refresh tokens stay until then, so that their holders are told the account is disabled.
    func setDisabled(accountID: Int64, _ disabled: Bool) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try storage.setDisabledAt(accountID: accountID, disabled ? clock.now() : nil)
            if disabled {
                try storage.setValidSince(accountID: accountID, clock.now())
                try storage.deleteSessions(accountID: accountID, keeping: nil)
            }
        }
    }

    /// Marks the address verified now, unless it already is (the first proof's time stays).
    func markVerified(accountID: Int64) throws(StoreError) {
        try transaction { () throws(StoreError) in
            guard let account = try storage.account(id: accountID), account.verifiedAt == nil else { return }
            try storage.setVerifiedAt(accountID: accountID, clock.now())
        }
    }

    /// Sets whether the address is verified (an administrator's choice); false when there is no
    /// such account. An address already verified keeps the time it was.
    @discardableResult
    func setVerified(accountID: Int64, _ verified: Bool) throws(StoreError) -> Bool {
        try transaction { () throws(StoreError) -> Bool in
            guard let account = try storage.account(id: accountID) else { return false }
            if verified, account.verifiedAt != nil { return true }
            return try storage.setVerifiedAt(accountID: accountID, verified ? clock.now() : nil)
        }
    }
}
