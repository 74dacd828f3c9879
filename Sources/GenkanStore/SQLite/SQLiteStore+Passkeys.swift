extension SQLiteStore {
    public func userHandle(accountID: Int64) throws(StoreError) -> [UInt8]? {
        try database.firstRow("SELECT user_handle FROM passkey_users WHERE account_id = ?", .integer(accountID)) { $0.blob(0) }
    }

    public func insertUserHandle(accountID: Int64, _ handle: [UInt8]) throws(StoreError) {
        try database.prepare("INSERT INTO passkey_users (account_id, user_handle) VALUES (?, ?)")
            .bind(.integer(accountID), .blob(handle)).run()
    }

    public func deleteUserHandle(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM passkey_users WHERE account_id = ?").bind(.integer(accountID)).run()
    }

    public func insertPasskey(_ passkey: Passkey) throws(StoreError) -> Int64 {
        try database.prepare(
            """
            INSERT INTO passkeys (account_id, credential_id, public_key, sign_count, backup_eligible, backed_up, aaguid, transports,
                name, created_at, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .integer(passkey.accountID), .blob(passkey.credentialID), .blob(passkey.publicKey), .integer(Int64(passkey.signCount)),
            .integer(passkey.backupEligible ? 1 : 0), .integer(passkey.backedUp ? 1 : 0), .blob(passkey.aaguid),
            .text(passkey.transports.joined(separator: ",")), .text(passkey.name), .integer(passkey.createdAt),
            passkey.lastUsedAt.storeValue
        ).run()
        return database.lastInsertedRowID
    }

    public func passkeys(accountID: Int64) throws(StoreError) -> [Passkey] {
        try database.allRows(
            "SELECT \(StoreColumns.passkey) FROM passkeys p WHERE p.account_id = ? ORDER BY p.created_at, p.id", .integer(accountID)
        ) { $0.passkey() }
    }

    public func passkey(credentialID: [UInt8]) throws(StoreError) -> (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount)? {
        try database.firstRow(
            """
            SELECT \(StoreColumns.passkey), u.user_handle, \(StoreColumns.accountOfA)
            FROM passkeys p JOIN accounts a ON a.id = p.account_id LEFT JOIN passkey_users u ON u.account_id = p.account_id
            WHERE p.credential_id = ?
            """, .blob(credentialID)
        ) { $0.passkeyWithHandle() }
    }

    public func setPasskeyUsed(id: Int64, signCount: UInt32, backedUp: Bool, at time: Int64) throws(StoreError) -> Bool {
        try database.prepare("UPDATE passkeys SET sign_count = ?, backed_up = ?, last_used_at = ? WHERE id = ?")
            .bind(.integer(Int64(signCount)), .integer(backedUp ? 1 : 0), .integer(time), .integer(id)).runCountingChanges() > 0
    }

    public func setPasskeyName(accountID: Int64, id: Int64, _ name: String) throws(StoreError) -> Bool {
        try database.prepare("UPDATE passkeys SET name = ? WHERE id = ? AND account_id = ?")
            .bind(.text(name), .integer(id), .integer(accountID)).runCountingChanges() > 0
    }

    public func deletePasskey(accountID: Int64, id: Int64) throws(StoreError) -> Bool {
        try database.prepare("DELETE FROM passkeys WHERE id = ? AND account_id = ?")
            .bind(.integer(id), .integer(accountID)).runCountingChanges() > 0
    }

    public func deletePasskeys(accountID: Int64) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM passkeys WHERE account_id = ?").bind(.integer(accountID)).runCountingChanges()
    }

    // MARK: Challenges

    public func insertPasskeyChallenge(key: [UInt8], _ challenge: PasskeyChallenge, keepingPerBinding: Int, now: Int64) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.prepare(
                """
                INSERT INTO passkey_challenges (challenge_hash, ceremony, binding_hash, account_id, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """
            ).bind(
                .blob(key), .text(challenge.ceremony?.rawValue ?? ""), .blob(challenge.bindingHash),
                challenge.accountID.storeValue, .integer(challenge.createdAt), .integer(challenge.expiresAt)
            ).run()
            try database.prepare(
                """
                DELETE FROM passkey_challenges WHERE binding_hash = ?1 AND id NOT IN (
                    SELECT id FROM passkey_challenges WHERE binding_hash = ?1 ORDER BY id DESC LIMIT ?2)
                """
            ).bind(.blob(challenge.bindingHash), .integer(Int64(max(1, keepingPerBinding)))).run()
            try database.prepare("DELETE FROM passkey_challenges WHERE expires_at <= ?").bind(.integer(now)).run()
        }
    }

    public func takePasskeyChallenge(key: [UInt8]) throws(StoreError) -> PasskeyChallenge? {
        try database.transaction { () throws(StoreError) -> PasskeyChallenge? in
            guard
                let found = try database.firstRow(
                    "SELECT \(StoreColumns.passkeyChallenge) FROM passkey_challenges WHERE challenge_hash = ?", .blob(key),
                    read: { $0.passkeyChallenge() })
            else { return nil }
            guard try database.prepare("DELETE FROM passkey_challenges WHERE challenge_hash = ?").bind(.blob(key))
                .runCountingChanges() == 1
            else { return nil }
            return found
        }
    }

    public func deletePasskeyChallenges(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM passkey_challenges WHERE account_id = ?").bind(.integer(accountID)).run()
    }
}
