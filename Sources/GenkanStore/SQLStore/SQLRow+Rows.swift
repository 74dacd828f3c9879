import GenkanSQL

/// How each stored type is read from the columns of a row, once for every driver: a column added
/// to a table is read here and named in `StoreColumns`.
extension SQLRow {
    /// The account in `StoreColumns.account` order from column `first` on (a NULL address reads as "").
    func account(from first: Int32 = 0) -> Account {
        Account(
            id: integer(first), uid: text(first + 12), email: text(first + 1), displayName: text(first + 2),
            nameKey: text(first + 3), createdAt: integer(first + 4), verifiedAt: optionalInteger(first + 5),
            disabledAt: optionalInteger(first + 6), validSince: optionalInteger(first + 7),
            isAnonymous: integer(first + 13) != 0, customClaims: optionalText(first + 14), adminSince: optionalInteger(first + 16))
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

    /// The authorization request in `StoreColumns.authorization` order from column 0.
    func authorization() -> ProviderAuthorization {
        ProviderAuthorization(
            provider: text(0), bindingHash: blob(1), accountID: optionalInteger(2), nonce: text(3), codeVerifier: text(4),
            returnTo: optionalText(5), expiresAt: integer(6), responseCode: optionalText(7), responseUser: optionalText(8))
    }

    /// The request in `StoreColumns.resetRequest` order from column 0; nil for a kind this version
    /// does not know (a newer Genkan wrote it, and it is left for that version).
    func resetRequest() -> ResetRequest? {
        guard let kind = ResetRequest.Kind(rawValue: text(4)) else { return nil }
        return ResetRequest(id: integer(0), email: text(1), locale: text(2), createdAt: integer(3), kind: kind)
    }

    /// The code in `StoreColumns.emulatorCode` order from column 0.
    func emulatorCode() -> EmulatorCode {
        EmulatorCode(
            accountID: optionalInteger(0), email: text(1), code: text(2), purpose: ActionCodePurpose(rawValue: text(3)),
            createdAt: integer(4), isSignInLink: text(3) == EmulatorCode.signInPurpose, link: optionalText(5))
    }
}
