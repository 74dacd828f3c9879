/// Changing the account's address, as Firebase's verifyBeforeUpdateEmail and recoverEmail do: the
/// new address proves itself by opening a link before the change happens, and the old address
/// gets a link that undoes it.
extension Authenticator {
    /// Asks to move the requester's account to `newEmail`: issues a `change-email` code that
    /// carries the new address and mails it there; a newer request ends the older one's code. The
    /// door has checked what it must first (a page the current password, the API a recent sign-in).
    ///
    /// - Parameters:
    ///   - newEmail: the normalized new address.
    ///   - privately: do not reveal that another account has `newEmail` (`--private-signup`): its
    ///     owner is mailed `emailChangeAttempt` instead, and the door answers `.addressInUse` as it
    ///     answers `.sent`.
    /// - Returns: `.sent`, `.addressInUse` or `.unchanged`; or `.userTokenExpired`,
    ///   `.userNotFound`, `.userDisabled`.
    public func requestEmailChange(
        _ requester: Requester, newEmail: String, locale: String = "en", privately: Bool = false
    ) -> Result<EmailChangeRequest, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<EmailChangeRequest, AuthFailure> in
            let account = resolved.account
            if case .session(let token) = requester { try store.refreshAuthentication(token: token) }
            if AccountStore.emailKey(newEmail) == AccountStore.emailKey(account.email) { return .success(.unchanged) }
            if let owner = try store.account(email: newEmail)?.account, owner.id != account.id {
                if privately, let notice = mail.emailChangeAttempt(to: owner, locale: locale) {
                    try store.enqueueMail(notice, accountID: owner.id)
                }
                return .success(.addressInUse)
            }
            _ = try store.issueCode(.changeEmail, accountID: account.id, email: newEmail) { token in
                mail.emailChange(to: account, newEmail: newEmail, code: token, locale: locale)
            }
            try store.record(.emailChangeRequested, uid: account.uid, actor: requester.actor)
            return .success(.sent)
        }
    }

    /// What an address-change link would do, without using it (for the GET that shows the button).
    ///
    /// - Returns: the code (its `email` is the new address), or `.invalidActionCode`,
    ///   `.expiredActionCode`, or `.emailAlreadyInUse` when another account has taken the address
    ///   since.
    public func inspectEmailChange(code: String) -> Result<ActionCode, AuthFailure> {
        inspect(code, purpose: .changeEmail)
    }

    /// Moves the account to the address an address-change code carries, in one transaction: uses
    /// the code, sets `email` and its key (verified now: the link was opened there), voids the
    /// account's unused verification and reset codes (they were for the old address) and its
    /// refresh tokens (as Firebase revokes them: an app signs in again with the new address; browser
    /// sessions stay), issues a `recover-email` code carrying the old address and mails the notice
    /// with it to the old address.
    ///
    /// When another account has the address by then (two tabs, two accounts, one address: one
    /// wins), nothing changes and the code stays unused.
    ///
    /// - Returns: the account at its new address, or `.invalidActionCode`, `.expiredActionCode`,
    ///   `.emailAlreadyInUse`.
    public func confirmEmailChange(
        code: String, locale: String = "en"
    ) -> Result<Account, AuthFailure> {
        withUsableCode(code, purpose: .changeEmail) { (change) throws(StoreError) in
            let before = change.account
            guard try moveAccount(before.id, to: change.email) else { return .failure(.emailAlreadyInUse) }
            try use(code, purpose: .changeEmail)
            try store.record(.emailChangeConfirmed, uid: before.uid)
            try store.deleteUnusedCodes(accountID: before.id, purposes: [.verifyEmail, .resetPassword])
            try store.storage.deleteRefreshTokens(accountID: before.id)
            _ = try store.issueCode(.recoverEmail, accountID: before.id, email: before.email) { token in
                mail.emailChanged(to: before.email, account: before, newEmail: change.email, code: token, locale: locale)
            }
            return .success(try store.account(id: before.id) ?? before)
        }
    }

    /// What an undo link would do, without using it (for the GET that shows the button).
    ///
    /// - Returns: the code (its `email` is the address it restores), or `.invalidActionCode`,
    ///   `.expiredActionCode`, or `.emailAlreadyInUse` when another account has taken that address.
    public func inspectEmailRecovery(code: String) -> Result<ActionCode, AuthFailure> {
        inspect(code, purpose: .recoverEmail)
    }

    /// Undoes an address change with the code mailed to the old address, in one transaction: uses
    /// the code, moves the account back to the old address (proven now), sets `valid_since` so
    /// that every session and token ends, removes every provider identity (whoever changed the address
    /// may have linked their own; the owner connects theirs again), and voids every
    /// pending address change and every undo of a later change (which would otherwise move the
    /// account away again), as well as unused verification and reset codes.
    ///
    /// The code stays valid through later changes of the address and through password changes
    /// (whoever took the account over cannot take the owner's way back).
    ///
    /// - Returns: the account at its old address, or `.invalidActionCode`, `.expiredActionCode`,
    ///   `.emailAlreadyInUse` (another account has the old address now; nothing changes).
    public func recoverEmail(code: String) -> Result<Account, AuthFailure> {
        withUsableCode(code, purpose: .recoverEmail) { (recovery) throws(StoreError) in
            let accountID = recovery.account.id
            guard try moveAccount(accountID, to: recovery.email) else { return .failure(.emailAlreadyInUse) }
            try use(code, purpose: .recoverEmail)
            try store.record(.emailChangeUndone, uid: recovery.account.uid)
            // Every identity and passkey, not only those added since a time: whoever moved the
            // address may have added one to keep a way in, at any time while they had the account.
            try store.ownerTookOver(recovery.account, removingEverything: true)
            try store.deleteUnusedCodes(accountID: accountID, purposes: [.changeEmail, .verifyEmail, .resetPassword])
            try store.deleteLaterRecoveryCodes(accountID: accountID, after: recovery.id)
            return .success(try store.account(id: accountID) ?? recovery.account)
        }
    }

    // MARK: Shared steps

    /// Runs `body` with the stored code when it is usable for `purpose` (`usableCode`), in one
    /// transaction; the reason it is not otherwise.
    private func withUsableCode<T>(
        _ code: String, purpose: ActionCodePurpose,
        _ body: (AccountStore.StoredCode) throws(StoreError) -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        attempt { () throws(StoreError) in
            try store.transaction { () throws(StoreError) -> Result<T, AuthFailure> in
                switch try usableCode(code, purpose: purpose) {
                case .failure(let failure): return .failure(failure)
                case .success(let stored): return try body(stored)
                }
            }
        }
    }

    private func inspect(_ code: String, purpose: ActionCodePurpose) -> Result<ActionCode, AuthFailure> {
        do {
            switch try usableCode(code, purpose: purpose) {
            case .failure(let failure): return .failure(failure)
            case .success(let stored):
                return store.evaluate(stored, purpose: purpose).mapError { AuthFailure($0) }
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// The stored code when it is usable for `purpose` and no other account has the address it
    /// carries.
    private func usableCode(
        _ code: String, purpose: ActionCodePurpose
    ) throws(StoreError) -> Result<AccountStore.StoredCode, AuthFailure> {
        let stored = try store.storedCode(token: code)
        if case .failure(let failure) = store.evaluate(stored, purpose: purpose) { return .failure(AuthFailure(failure)) }
        guard let stored else { return .failure(.invalidActionCode) }
        if let owner = try store.account(email: stored.email)?.account, owner.id != stored.account.id {
            return .failure(.emailAlreadyInUse)
        }
        return .success(stored)
    }

    /// Sets the account's address; false (nothing written) when another account has it. Inside
    /// the caller's write transaction the check before this already saw every commit, so the
    /// constraint is the backstop, not the rule.
    private func moveAccount(_ accountID: Int64, to email: String) throws(StoreError) -> Bool {
        do {
            try store.setEmail(accountID: accountID, to: email)
            return true
        } catch where error.code == .constraint {
            return false  // SQLite undid the statement; the transaction goes on
        }
    }

    /// Uses up a code already found usable in this transaction; throws (rolling everything back)
    /// if it is not, which the write lock held since the check should make impossible.
    private func use(_ code: String, purpose: ActionCodePurpose) throws(StoreError) {
        guard case .success = try store.consumeCode(code, purpose: purpose) else {
            throw StoreError(.database, "a \(purpose.rawValue) code was used by another connection during its transaction")
        }
    }
}
