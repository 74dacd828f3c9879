/// One-time codes: 256 random bits in base64url, stored as their SHA-256 (a hash of a random
/// value that long needs no salt or stretching), looked up by that hash, single use.
extension AccountStore {
    /// The key a code is stored under.
    static func codeKey(token: String) -> [UInt8] {
        Secret.sha256(Array(token.utf8))
    }

    /// Issues a code of `purpose` for an account and ends the account's older unconsumed codes of
    /// that purpose; `mail` builds the message that carries the token, which is queued in the
    /// same transaction (the code and its mail commit together or not at all).
    ///
    /// Recovery codes are the exception to "one per purpose": each address change gives the
    /// address it left a way back, and a later change must not take that away (or a second change
    /// by someone who took over the account would cancel the owner's undo).
    ///
    /// - Parameters:
    ///   - email: the address a `.changeEmail` code moves the account to, or the one a
    ///     `.recoverEmail` code moves it back to (required for those purposes, and only for them).
    ///     The other purposes are bound to the account's address now.
    ///   - mail: called once with the token, inside the transaction; nil queues nothing. The
    ///     message is recorded as being about the account (deleting the account deletes it).
    /// - Returns: the token (its only copy) with the code's expiry and the outbox row.
    /// - Throws: `StoreError.Code.constraint` when the account does not exist or the mail's
    ///   envelope is empty or holds a line break.
    func issueCode(
        _ purpose: ActionCodePurpose, accountID: Int64, email: String? = nil,
        mail: (_ token: String) -> OutgoingMail? = { _ in nil }
    ) throws(StoreError) -> IssuedCode {
        precondition(purpose.carriesOwnAddress == (email != nil), "an address goes with .changeEmail and .recoverEmail only")
        return try transaction { () throws(StoreError) in
            guard let account = try account(id: accountID) else {
                throw StoreError(.constraint, "no account \(accountID) to issue a code for")
            }
            if purpose != .recoverEmail { try storage.deleteUnusedCodes(accountID: accountID, purpose: purpose, issuedAfter: nil) }
            let token = Secret.token()
            let now = clock.now()
            let expiresAt = now + codePolicy.lifetime(of: purpose)
            try storage.insertCode(
                CodeRow(
                    key: Self.codeKey(token: token), accountID: accountID, purpose: purpose, email: email ?? account.email,
                    createdAt: now, expiresAt: expiresAt))
            if recordsCodes {
                // The address the code's mail goes to: the one a recovery code leads back to,
                // else the account's own (an address change's code is listed under the current one).
                let shown = purpose == .recoverEmail ? email ?? account.email : account.email
                try storage.insertEmulatorCode(
                    EmulatorCode(accountID: accountID, email: shown, code: token, purpose: purpose, createdAt: now),
                    keeping: Self.emulatorCodesKept)
            }
            var mailID: Int64?
            if let message = mail(token) { mailID = try enqueueMail(message, accountID: accountID) }
            return IssuedCode(token: token, purpose: purpose, accountID: accountID, expiresAt: expiresAt, mailID: mailID)
        }
    }

    /// The code for `purpose` behind `token` and its account, without using it up (a GET never
    /// consumes: mail scanners open links).
    func inspectCode(_ token: String, purpose: ActionCodePurpose) throws(StoreError) -> Result<ActionCode, ActionCodeFailure> {
        evaluate(try storedCode(token: token), purpose: purpose)
    }

    /// The live code behind `token` whatever its purpose, without using it (the API's
    /// `resetPassword` without a new password, and `update` with a code alone, learn its purpose).
    func lookUpCode(_ token: String) throws(StoreError) -> Result<ActionCode, ActionCodeFailure> {
        let stored = try storedCode(token: token)
        guard let purpose = stored?.purpose else { return .failure(.invalid) }
        return evaluate(stored, purpose: purpose)
    }

    /// Uses up the code for `purpose` behind `token` and returns it with its account; in one
    /// transaction, or inside the caller's (whose rollback gives the code back).
    func consumeCode(_ token: String, purpose: ActionCodePurpose) throws(StoreError) -> Result<ActionCode, ActionCodeFailure> {
        try transaction { () throws(StoreError) in
            let stored = try storedCode(token: token)
            let verdict = evaluate(stored, purpose: purpose)
            if case .success = verdict, let stored {
                guard try storage.consumeCode(key: stored.key, at: clock.now()) else { return .failure(.invalid) }
            }
            return verdict
        }
    }

    /// Deletes the account's unconsumed codes of these purposes (used codes stay until their
    /// expiry, so that a second click can be answered kindly).
    func deleteUnusedCodes(accountID: Int64, purposes: [ActionCodePurpose]) throws(StoreError) {
        for purpose in purposes { try storage.deleteUnusedCodes(accountID: accountID, purpose: purpose, issuedAfter: nil) }
    }

    /// Deletes the account's unconsumed recovery codes issued after the code `id`: they undo
    /// changes made after the address that code restores, which the recovery has just undone.
    func deleteLaterRecoveryCodes(accountID: Int64, after id: Int64) throws(StoreError) {
        try storage.deleteUnusedCodes(accountID: accountID, purpose: .recoverEmail, issuedAfter: id)
    }

    /// Deletes codes past their expiry, used or not; returns how many. A used code is kept until
    /// then so that a second click on a verification link can say "already verified".
    @discardableResult
    func deleteExpiredCodes() throws(StoreError) -> Int {
        try storage.deleteExpiredCodes(now: clock.now())
    }

    // MARK: Reading codes

    /// A code row as stored, with its account.
    struct StoredCode {
        /// The order of issue (the row id).
        let id: Int64
        let key: [UInt8]
        let purpose: ActionCodePurpose?
        let email: String
        let createdAt: Int64
        let expiresAt: Int64
        let consumedAt: Int64?
        let account: Account

        /// Whether the account still has the address a verification or reset code was sent to.
        var addressIsCurrent: Bool { purpose?.carriesOwnAddress == true || email == account.email }

        /// Whether a password change or reset, or a recovery, came after this address change was
        /// requested (`valid_since`): whoever asked for it may be the reason for them. Recovery
        /// codes are not ended this way: the owner's undo must survive a password change by whoever
        /// took the account over.
        var isRevoked: Bool {
            guard purpose == .changeEmail, let validSince = account.validSince else { return false }
            return createdAt < validSince
        }
    }

    /// The row behind `token`, found by its hash (the index compares, never the token itself).
    func storedCode(token: String) throws(StoreError) -> StoredCode? {
        // Every token Genkan issues is 43 characters; anything else cannot match, so it costs no hashing.
        guard token.utf8.count == 43 else { return nil }
        let key = Self.codeKey(token: token)
        guard let (row, account) = try storage.code(key: key) else { return nil }
        return StoredCode(
            id: row.id, key: key, purpose: row.purpose, email: row.email, createdAt: row.createdAt, expiresAt: row.expiresAt,
            consumedAt: row.consumedAt, account: account)
    }

    /// Unknown, used, another purpose, a disabled account, a changed address or an address change
    /// older than `valid_since`: invalid; past its expiry: expired.
    func evaluate(_ stored: StoredCode?, purpose: ActionCodePurpose) -> Result<ActionCode, ActionCodeFailure> {
        guard let stored, stored.purpose == purpose, stored.consumedAt == nil, !stored.account.isDisabled,
            stored.addressIsCurrent, !stored.isRevoked
        else { return .failure(.invalid) }
        guard clock.now() < stored.expiresAt else { return .failure(.expired) }
        return .success(
            ActionCode(
                purpose: purpose, account: stored.account, email: stored.email, createdAt: stored.createdAt,
                expiresAt: stored.expiresAt))
    }
}

extension AccountStore {
    /// How many of the most recent codes the emulator's list keeps.
    public static let emulatorCodesKept = 1000

    /// The codes issued while `recordsCodes` was set, oldest first (the Firebase Auth emulator's
    /// `oobCodes`).
    func emulatorCodes() throws(StoreError) -> [EmulatorCode] {
        try storage.emulatorCodes()
    }
}
