/// A row of a query's result on either store, read a column at a time by number
/// (`SQLiteStatement`, `PostgresRow`), so that each stored type is read from its columns in one
/// place whatever the store.
protocol StoreRow {
    /// An integer column; 0 for NULL.
    func integer(_ column: Int32) -> Int64
    func optionalInteger(_ column: Int32) -> Int64?
    /// A text column; empty for NULL.
    func text(_ column: Int32) -> String
    func optionalText(_ column: Int32) -> String?
    /// A blob (bytea) column; empty for NULL.
    func blob(_ column: Int32) -> [UInt8]
}

/// The columns the `StoreRow` readers take, in their order: the same names on both stores' schemas.
enum StoreColumns {
    static let account =
        "id, email, display_name, name_key, created_at, verified_at, disabled_at, valid_since, password_hash, photo_url, last_login_at, email_key, uid, is_anonymous, custom_claims, credentials_trusted_since"

    /// `account` of the table aliased `a`, as the joins name it; made once, since the queries that
    /// use it run for every signed-in page.
    static let accountOfA = account.split(separator: ",").map { "a.\($0.trimmingPrefix(" "))" }.joined(separator: ", ")

    static let session = "s.token_hash, s.account_id, s.created_at, s.authenticated_at, s.last_seen_at, s.expires_at, s.user_agent"

    static let refreshToken = "r.token_hash, r.account_id, r.created_at, r.auth_time, r.sign_in_provider, r.last_used_at, r.claims"

    static let passkey =
        "p.id, p.account_id, p.credential_id, p.public_key, p.sign_count, p.backup_eligible, p.backed_up, p.aaguid, p.transports, p.name, p.created_at, p.last_used_at"

    static let code = "c.id, c.code_hash, c.account_id, c.purpose, c.email, c.created_at, c.expires_at, c.consumed_at"

    static let signInCode = "id, code_hash, email, email_key, created_at, expires_at, consumed_at"

    static let identity = "provider, issuer, subject, email, created_at, last_used_at"

    static let passkeyChallenge = "ceremony, binding_hash, account_id, created_at, expires_at"

    static let outboxMessage = "id, sender, recipient, message, created_at, attempts, next_attempt_at, last_error"
}

extension StoreRow {
    /// The account in `StoreColumns.account` order from column `first` on (a NULL address reads as "").
    func account(from first: Int32 = 0) -> Account {
        Account(
            id: integer(first), uid: text(first + 12), email: text(first + 1), displayName: text(first + 2),
            nameKey: text(first + 3), createdAt: integer(first + 4), verifiedAt: optionalInteger(first + 5),
            disabledAt: optionalInteger(first + 6), validSince: optionalInteger(first + 7),
            isAnonymous: integer(first + 13) != 0, customClaims: optionalText(first + 14))
    }

    func storedAccount(from first: Int32 = 0) -> StoredAccount {
        StoredAccount(
            account: account(from: first), passwordHash: optionalText(first + 8), photoURL: optionalText(first + 9),
            lastLoginAt: optionalInteger(first + 10), emailKey: optionalText(first + 11),
            credentialsTrustedSince: optionalInteger(first + 15))
    }

    /// The session in `StoreColumns.session` order from column 0.
    func session() -> SessionRow {
        SessionRow(
            key: blob(0),
            session: Session(
                accountID: integer(1), createdAt: integer(2), authenticatedAt: integer(3), lastSeenAt: integer(4),
                expiresAt: integer(5), userAgent: optionalText(6)))
    }

    /// The refresh token in `StoreColumns.refreshToken` order from column 0.
    func refreshToken() -> RefreshTokenRow {
        RefreshTokenRow(
            key: blob(0), accountID: integer(1), createdAt: integer(2), authTime: integer(3), signInProvider: text(4),
            lastUsedAt: integer(5), claims: optionalText(6))
    }

    /// The passkey in `StoreColumns.passkey` order from column 0 (its transports stored joined by commas).
    func passkey() -> Passkey {
        let transports = text(8)
        return Passkey(
            id: integer(0), accountID: integer(1), credentialID: blob(2), publicKey: blob(3),
            signCount: UInt32(clamping: integer(4)), backupEligible: integer(5) != 0, backedUp: integer(6) != 0,
            aaguid: blob(7), transports: transports.isEmpty ? [] : transports.split(separator: ",").map(String.init),
            name: text(9), createdAt: integer(10), lastUsedAt: optionalInteger(11))
    }

    /// The passkey, then the user handle of its account (column 12; nil when it has none), then its
    /// account from column 13: what a sign-in with a passkey reads.
    func passkeyWithHandle() -> (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount) {
        let handle = blob(12)
        return (passkey(), handle.isEmpty ? nil : handle, storedAccount(from: 13))
    }

    /// The action code in `StoreColumns.code` order from column 0.
    func code() -> CodeRow {
        CodeRow(
            id: integer(0), key: blob(1), accountID: integer(2), purpose: ActionCodePurpose(rawValue: text(3)),
            email: text(4), createdAt: integer(5), expiresAt: integer(6), consumedAt: optionalInteger(7))
    }

    /// The sign-in code in `StoreColumns.signInCode` order from column 0.
    func signInCode() -> SignInCodeRow {
        SignInCodeRow(
            id: integer(0), key: blob(1), email: text(2), emailKey: text(3), createdAt: integer(4), expiresAt: integer(5),
            consumedAt: optionalInteger(6))
    }

    /// The provider identity in `StoreColumns.identity` order from column 0.
    func identity() -> ProviderIdentity {
        ProviderIdentity(
            provider: text(0), issuer: text(1), subject: text(2), email: optionalText(3), linkedAt: integer(4),
            lastUsedAt: optionalInteger(5))
    }

    /// The challenge in `StoreColumns.passkeyChallenge` order from column 0.
    func passkeyChallenge() -> PasskeyChallenge {
        PasskeyChallenge(
            ceremony: PasskeyCeremony(rawValue: text(0)), bindingHash: blob(1), accountID: optionalInteger(2),
            createdAt: integer(3), expiresAt: integer(4))
    }

    /// The message in `StoreColumns.outboxMessage` order from column 0 (a given-up message's body
    /// is empty: `setMailGivenUp` clears it).
    func outboxMessage() -> OutboxMessage {
        OutboxMessage(
            id: integer(0), mail: OutgoingMail(sender: text(1), recipient: text(2), message: blob(3)),
            createdAt: integer(4), attempts: integer(5), nextAttemptAt: integer(6), lastError: optionalText(7))
    }
}

extension SQLiteStatement: StoreRow {}

extension PostgresRow: StoreRow {}
