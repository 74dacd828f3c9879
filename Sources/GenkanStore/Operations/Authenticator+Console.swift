/// How many accounts there are, as the console shows them above its list.
public struct AccountCounts: Sendable, Hashable {
    public let total: Int
    public let disabled: Int
    public let unverified: Int
    public let administrators: Int

    public init(total: Int, disabled: Int, unverified: Int, administrators: Int) {
        self.total = total
        self.disabled = disabled
        self.unverified = unverified
        self.administrators = administrators
    }
}

/// The admin console's reads and its actions on an account. Every action takes a
/// `Requester.console`, which `resolve` checks inside the action's transaction: the console's
/// session is live, its account is still an administrator (and enabled) and proved its password
/// within `consoleReauthentication`; each action records its event naming that administrator.
extension Authenticator {
    /// How recent a console action's proof of the administrator's password must be: a sign-in or
    /// a re-authentication within five minutes.
    public static let consoleReauthentication: Int64 = 300

    /// The longest search text the console reads (an address is at most 254 bytes).
    public static let maximumSearchLength = 320

    public func accountCounts() throws(StoreError) -> AccountCounts {
        try store.storage.accountCounts()
    }

    /// Up to `limit` accounts, newest first, with an id below `beforeID` (the next page): all of
    /// them for an empty `text`, else those whose address starts with it (compared as addresses
    /// are, case-folded), whose uid is it, or whose name's comparison key starts with `nameKey`
    /// (the text as the name rules key a name; nil when it is no name).
    public func searchAccounts(_ text: String, nameKey: String?, beforeID: Int64? = nil, limit: Int) throws(StoreError) -> [AccountProfile] {
        let query = text.trimmed(cutTo: Self.maximumSearchLength, measuredBy: { _ in 1 }) ?? ""
        let found = try store.storage.searchAccounts(
            AccountSearch(
                emailKeyPrefix: query.isEmpty ? nil : AccountStore.emailKey(query), uid: query.isEmpty ? nil : query,
                nameKeyPrefix: query.isEmpty ? nil : nameKey, beforeID: beforeID, limit: limit))
        var profiles: [AccountProfile] = []
        for stored in found {
            if let profile = try store.profile(id: stored.account.id) { profiles.append(profile) }
        }
        return profiles
    }

    /// Changes an account for an administrator (the console, or the Admin API's `.administrator`):
    /// as `administer(accountID:_:)` does, with the events naming `requester`'s actor.
    public func administer(_ requester: Requester, _ changes: AccountChanges) -> Result<AccountProfile, AuthFailure> {
        administering(requester, changes)
    }

    /// Mails the account a password reset link, as if its owner had asked for one, and records
    /// `password.reset_sent` by the administrator. A disabled account or one without an address
    /// gets none (`.userDisabled`, `.missingEmail`).
    public func sendPasswordReset(_ requester: Requester, locale: String = "en") -> Result<Account, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Account, AuthFailure> in
            let account = resolved.account
            if account.isDisabled { return .failure(.userDisabled) }
            guard account.hasEmail else { return .failure(.missingEmail) }
            _ = try store.issueCode(.resetPassword, accountID: account.id) { token in
                mail.passwordReset(to: account, code: token, locale: locale)
            }
            try store.record(.passwordResetSent, uid: account.uid, actor: requester.actor)
            return .success(account)
        }
    }

    /// Ends every browser session of the account and voids its apps' refresh and ID tokens from
    /// now on (as the Admin SDKs' `revokeRefreshTokens`: a refresh token kept answers
    /// `TOKEN_EXPIRED` when next presented): one `session.ended` by the administrator.
    ///
    /// - Returns: how many sessions and apps ended.
    public func endSessions(_ requester: Requester) -> Result<Int, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Int, AuthFailure> in
            let account = resolved.account
            let apps = try store.storage.refreshTokens(accountID: account.id, since: account.validSince).count
            try store.storage.setValidSince(accountID: account.id, store.clock.now())
            let count = try store.storage.deleteSessions(accountID: account.id, keeping: nil) + apps
            try store.record(.sessionsEnded, uid: account.uid, actor: requester.actor, details: EventDetails(count: count))
            return .success(count)
        }
    }

    /// Removes every passkey of the account (a lost or stolen device): one `passkey.removed` with
    /// their count by the administrator; `.passkeyNotFound` when it has none. The owner signs in
    /// with the password, a provider or a reset link afterwards.
    public func removePasskeys(_ requester: Requester) -> Result<Int, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Int, AuthFailure> in
            let account = resolved.account
            let count = try store.storage.deletePasskeys(accountID: account.id)
            guard count > 0 else { return .failure(.passkeyNotFound) }
            try store.record(.passkeyRemoved, uid: account.uid, actor: requester.actor, details: EventDetails(count: count))
            return .success(count)
        }
    }
}
