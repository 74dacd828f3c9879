import GenkanSQL

extension SQLStore {
    func userHandle(accountID: Int64) throws(StoreError) -> [UInt8]? {
        try firstRow("SELECT user_handle FROM passkey_users WHERE account_id = ?", .integer(accountID)) { $0.blob(0) }
    }

    func insertUserHandle(accountID: Int64, _ handle: [UInt8]) throws(StoreError) {
        try atomic { () throws(StoreError) in
            try changes("INSERT INTO passkey_users (account_id, user_handle) VALUES (?, ?)", .integer(accountID), .blob(handle))
        }
    }

    func deleteUserHandle(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM passkey_users WHERE account_id = ?", .integer(accountID))
    }

    func insertPasskey(_ passkey: Passkey) throws(StoreError) -> Int64 {
        try atomic { () throws(StoreError) in
            try insertedID(
                """
                INSERT INTO passkeys (account_id, credential_id, public_key, sign_count, backup_eligible, backed_up, aaguid, transports,
                    name, created_at, last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [
                    .integer(passkey.accountID), .blob(passkey.credentialID), .blob(passkey.publicKey), .integer(Int64(passkey.signCount)),
                    .integer(passkey.backupEligible ? 1 : 0), .integer(passkey.backedUp ? 1 : 0), .blob(passkey.aaguid),
                    .text(passkey.transports.joined(separator: ",")), .text(passkey.name), .integer(passkey.createdAt),
                    passkey.lastUsedAt.storeValue,
                ])
        }
    }

    func passkeys(accountID: Int64) throws(StoreError) -> [Passkey] {
        try allRows(
            "SELECT \(StoreColumns.passkey) FROM passkeys p WHERE p.account_id = ? ORDER BY p.created_at, p.id", .integer(accountID)
        ) { $0.passkey() }
    }

    func passkey(credentialID: [UInt8]) throws(StoreError) -> (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount)? {
        try firstRow(
            """
            SELECT \(StoreColumns.passkey), u.user_handle, \(StoreColumns.accountOfA)
            FROM passkeys p JOIN accounts a ON a.id = p.account_id LEFT JOIN passkey_users u ON u.account_id = p.account_id
            WHERE p.credential_id = ?
            """, .blob(credentialID)
        ) { $0.passkeyWithHandle() }
    }

    func setPasskeyUsed(id: Int64, signCount: UInt32, backedUp: Bool, at time: Int64) throws(StoreError) -> Bool {
        try changes(
            "UPDATE passkeys SET sign_count = ?, backed_up = ?, last_used_at = ? WHERE id = ?", .integer(Int64(signCount)),
            .integer(backedUp ? 1 : 0), .integer(time), .integer(id)) > 0
    }

    func setPasskeyName(accountID: Int64, id: Int64, _ name: String) throws(StoreError) -> Bool {
        try changes("UPDATE passkeys SET name = ? WHERE id = ? AND account_id = ?", .text(name), .integer(id), .integer(accountID)) > 0
    }

    func deletePasskey(accountID: Int64, id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM passkeys WHERE id = ? AND account_id = ?", .integer(id), .integer(accountID)) > 0
    }

    func deletePasskeys(accountID: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM passkeys WHERE account_id = ?", .integer(accountID))
    }

    // MARK: Challenges

    func insertPasskeyChallenge(key: [UInt8], _ challenge: PasskeyChallenge, keepingPerBinding: Int, now: Int64) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try changes(
                """
                INSERT INTO passkey_challenges (challenge_hash, ceremony, binding_hash, account_id, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                .blob(key), .text(challenge.ceremony?.rawValue ?? ""), .blob(challenge.bindingHash), challenge.accountID.storeValue,
                .integer(challenge.createdAt), .integer(challenge.expiresAt))
            try changes(
                """
                DELETE FROM passkey_challenges WHERE binding_hash = ?1 AND id NOT IN (
                    SELECT id FROM passkey_challenges WHERE binding_hash = ?1 ORDER BY id DESC LIMIT ?2)
                """, .blob(challenge.bindingHash), .integer(Int64(max(1, keepingPerBinding))))
            try changes("DELETE FROM passkey_challenges WHERE expires_at <= ?", .integer(now))
        }
    }

    /// One statement deletes and returns the challenge: of two callers, the second deletes nothing.
    func takePasskeyChallenge(key: [UInt8]) throws(StoreError) -> PasskeyChallenge? {
        try allRows(
            "DELETE FROM passkey_challenges WHERE challenge_hash = ? RETURNING \(StoreColumns.passkeyChallenge)", .blob(key)
        ) { $0.passkeyChallenge() }.first
    }

    func deletePasskeyChallenges(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM passkey_challenges WHERE account_id = ?", .integer(accountID))
    }
}
