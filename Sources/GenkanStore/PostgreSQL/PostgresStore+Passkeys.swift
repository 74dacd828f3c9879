extension PostgresStore {
    public func userHandle(accountID: Int64) throws(StoreError) -> [UInt8]? {
        try rows("SELECT user_handle FROM passkey_users WHERE account_id = $1", .integer(accountID)).first.map { $0.blob(0) }
    }

    public func insertUserHandle(accountID: Int64, _ handle: [UInt8]) throws(StoreError) {
        _ = try atomicRows("INSERT INTO passkey_users (account_id, user_handle) VALUES ($1, $2)", .integer(accountID), .blob(handle))
    }

    public func deleteUserHandle(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM passkey_users WHERE account_id = $1", .integer(accountID))
    }

    public func insertPasskey(_ passkey: Passkey) throws(StoreError) -> Int64 {
        try insertedID(
            try atomicRows(
                """
                INSERT INTO passkeys (account_id, credential_id, public_key, sign_count, backup_eligible, backed_up, aaguid, transports,
                    name, created_at, last_used_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id
                """,
                .integer(passkey.accountID), .blob(passkey.credentialID), .blob(passkey.publicKey), .integer(Int64(passkey.signCount)),
                .integer(passkey.backupEligible ? 1 : 0), .integer(passkey.backedUp ? 1 : 0), .blob(passkey.aaguid),
                .text(passkey.transports.joined(separator: ",")), .text(passkey.name), .integer(passkey.createdAt),
                passkey.lastUsedAt.storeValue))
    }

    public func passkeys(accountID: Int64) throws(StoreError) -> [Passkey] {
        try rows("SELECT \(StoreColumns.passkey) FROM passkeys p WHERE p.account_id = $1 ORDER BY p.created_at, p.id", .integer(accountID))
            .rows.map { $0.passkey() }
    }

    public func passkey(credentialID: [UInt8]) throws(StoreError) -> (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount)? {
        try rows(
            """
            SELECT \(StoreColumns.passkey), u.user_handle, \(StoreColumns.accountOfA)
            FROM passkeys p JOIN accounts a ON a.id = p.account_id LEFT JOIN passkey_users u ON u.account_id = p.account_id
            WHERE p.credential_id = $1
            """, .blob(credentialID)
        ).first.map { $0.passkeyWithHandle() }
    }

    public func setPasskeyUsed(id: Int64, signCount: UInt32, backedUp: Bool, at time: Int64) throws(StoreError) -> Bool {
        try changes(
            "UPDATE passkeys SET sign_count = $1, backed_up = $2, last_used_at = $3 WHERE id = $4", .integer(Int64(signCount)),
            .integer(backedUp ? 1 : 0), .integer(time), .integer(id)) > 0
    }

    public func setPasskeyName(accountID: Int64, id: Int64, _ name: String) throws(StoreError) -> Bool {
        try changes("UPDATE passkeys SET name = $1 WHERE id = $2 AND account_id = $3", .text(name), .integer(id), .integer(accountID)) > 0
    }

    public func deletePasskey(accountID: Int64, id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM passkeys WHERE id = $1 AND account_id = $2", .integer(id), .integer(accountID)) > 0
    }

    public func deletePasskeys(accountID: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM passkeys WHERE account_id = $1", .integer(accountID))
    }

    // MARK: Challenges

    public func insertPasskeyChallenge(key: [UInt8], _ challenge: PasskeyChallenge, keepingPerBinding: Int, now: Int64) throws(StoreError) {
        try transaction { () throws(StoreError) in
            _ = try rows(
                """
                INSERT INTO passkey_challenges (challenge_hash, ceremony, binding_hash, account_id, created_at, expires_at)
                VALUES ($1, $2, $3, $4, $5, $6)
                """,
                .blob(key), .text(challenge.ceremony?.rawValue ?? ""), .blob(challenge.bindingHash), challenge.accountID.storeValue,
                .integer(challenge.createdAt), .integer(challenge.expiresAt))
            try changes(
                """
                DELETE FROM passkey_challenges WHERE binding_hash = $1 AND id NOT IN (
                    SELECT id FROM passkey_challenges WHERE binding_hash = $1 ORDER BY id DESC LIMIT $2)
                """, .blob(challenge.bindingHash), .integer(Int64(max(1, keepingPerBinding))))
            try changes("DELETE FROM passkey_challenges WHERE expires_at <= $1", .integer(now))
        }
    }

    /// One statement deletes and returns the challenge: of two callers, the second deletes nothing.
    public func takePasskeyChallenge(key: [UInt8]) throws(StoreError) -> PasskeyChallenge? {
        try rows(
            """
            DELETE FROM passkey_challenges WHERE challenge_hash = $1
            RETURNING \(StoreColumns.passkeyChallenge)
            """, .blob(key)
        ).first.map { $0.passkeyChallenge() }
    }

    public func deletePasskeyChallenges(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM passkey_challenges WHERE account_id = $1", .integer(accountID))
    }
}
