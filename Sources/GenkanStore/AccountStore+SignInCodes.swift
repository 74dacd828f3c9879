/// Sign-in codes: one-time codes mailed to an address that sign in to its account without the
/// password, or make the account when the address has none (Firebase's e-mail link sign-in).
/// Stored as their SHA-256 like the other codes; bound to the address, not to an account.
extension AccountStore {
    /// Issues a sign-in code for `email` (normalized) and ends the address's older unused ones,
    /// so only the newest link works; `mail` builds the message that carries the token, queued in
    /// the same transaction (recorded as about the address's account, when it has one). With
    /// `recordsCodes` the code is listed for the emulator too, with `link(token)` when the link
    /// leads to an app rather than to the site's page.
    ///
    /// - Returns: the token (its only copy) with the code's expiry and the outbox row.
    func issueSignInCode(
        email: String, link: (_ token: String) -> String? = { _ in nil }, mail: (_ token: String) -> OutgoingMail? = { _ in nil }
    ) throws(StoreError) -> IssuedSignInCode {
        try transaction { () throws(StoreError) in
            let key = Self.emailKey(email)
            try storage.deleteSignInCodes(emailKey: key, unusedOnly: true)
            let token = Secret.token()
            let now = clock.now()
            let expiresAt = now + codePolicy.signIn
            try storage.insertSignInCode(
                SignInCodeRow(key: Self.codeKey(token: token), email: email, emailKey: key, createdAt: now, expiresAt: expiresAt))
            let owner = try storage.storedAccount(emailKey: key)?.account.id
            if recordsCodes {
                try storage.insertEmulatorCode(
                    EmulatorCode(
                        accountID: owner, email: email, code: token, purpose: nil, createdAt: now, isSignInLink: true, link: link(token)),
                    keeping: Self.emulatorCodesKept)
            }
            var mailID: Int64?
            if let message = mail(token) { mailID = try enqueueMail(message, accountID: owner) }
            return IssuedSignInCode(token: token, email: email, expiresAt: expiresAt, mailID: mailID)
        }
    }

    /// The sign-in code behind `token`, without using it (a GET never consumes: mail scanners open
    /// links).
    func inspectSignInCode(_ token: String) throws(StoreError) -> Result<SignInCode, ActionCodeFailure> {
        guard token.utf8.count == 43, let row = try storage.signInCode(key: Self.codeKey(token: token)) else { return .failure(.invalid) }
        return evaluate(row)
    }

    /// Uses up the sign-in code behind `token`; in one transaction, or inside the caller's (whose
    /// rollback gives the code back).
    func consumeSignInCode(_ token: String) throws(StoreError) -> Result<SignInCode, ActionCodeFailure> {
        try transaction { () throws(StoreError) in
            guard token.utf8.count == 43, let row = try storage.signInCode(key: Self.codeKey(token: token)) else {
                return .failure(.invalid)
            }
            let verdict = evaluate(row)
            if case .success = verdict {
                guard try storage.consumeSignInCode(key: row.key, at: clock.now()) else { return .failure(.invalid) }
            }
            return verdict
        }
    }

    /// Used: invalid; past its expiry: expired.
    private func evaluate(_ row: SignInCodeRow) -> Result<SignInCode, ActionCodeFailure> {
        guard row.consumedAt == nil else { return .failure(.invalid) }
        guard clock.now() < row.expiresAt else { return .failure(.expired) }
        return .success(SignInCode(email: row.email, createdAt: row.createdAt, expiresAt: row.expiresAt))
    }
}

/// A sign-in code just issued. `token` is the only copy: put it in the link and forget it.
public struct IssuedSignInCode: Sendable, Hashable, CustomStringConvertible {
    public let token: String
    public let email: String
    public let expiresAt: Int64
    /// The outbox row of the mail that carries the code, when one was written.
    public let mailID: Int64?

    /// Everything but the token and the address, so that logging the value logs neither.
    public var description: String {
        "IssuedSignInCode(expires \(expiresAt), mail \(mailID.map(String.init) ?? "none"))"
    }
}

/// A live sign-in code: the address it signs in as.
public struct SignInCode: Sendable, Hashable {
    public let email: String
    public let createdAt: Int64
    public let expiresAt: Int64
}
