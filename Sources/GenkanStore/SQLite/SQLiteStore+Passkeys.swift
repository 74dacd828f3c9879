extension SQLiteStore {
    public func userHandle(accountID: Int64) throws(StoreError) -> [UInt8]? {
        let statement = try database.prepare("SELECT user_handle FROM passkey_users WHERE account_id = ?")
        defer { statement.reset() }
        guard try statement.bind(.integer(accountID)).step() else { return nil }
        return statement.blob(0)
    }

    public func insertUserHandle(accountID: Int64, _ handle: [UInt8]) throws(StoreError) {
        try database.prepare("INSERT INTO passkey_users (account_id, user_handle) VALUES (?, ?)")
            .bind(.integer(accountID), .blob(handle)).run()
    }

    public func deleteUserHandle(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM passkey_users WHERE account_id = ?").bind(.integer(accountID)).run()
    }

    static let passkeyColumns =
        "p.id, p.account_id, p.credential_id, p.public_key, p.sign_count, p.backup_eligible, p.backed_up, p.aaguid, p.transports, p.name, p.created_at, p.last_used_at"

    /// The passkey in `passkeyColumns` order from column 0.
    func readPasskey(_ row: SQLiteStatement) -> Passkey {
        let transports = row.text(8)
        return Passkey(
            id: row.integer(0), accountID: row.integer(1), credentialID: row.blob(2), publicKey: row.blob(3),
            signCount: UInt32(clamping: row.integer(4)), backupEligible: row.integer(5) != 0, backedUp: row.integer(6) != 0,
            aaguid: row.blob(7), transports: transports.isEmpty ? [] : transports.split(separator: ",").map(String.init),
            name: row.text(9), createdAt: row.integer(10), lastUsedAt: row.optionalInteger(11))
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
            passkey.lastUsedAt.map { .integer($0) } ?? .null
        ).run()
        return database.lastInsertedRowID
    }

    public func passkeys(accountID: Int64) throws(StoreError) -> [Passkey] {
        let statement = try database.prepare(
            "SELECT \(Self.passkeyColumns) FROM passkeys p WHERE p.account_id = ? ORDER BY p.created_at, p.id")
        defer { statement.reset() }
        _ = try statement.bind(.integer(accountID))
        var found: [Passkey] = []
        while try statement.step() { found.append(readPasskey(statement)) }
        return found
    }

    public func passkey(credentialID: [UInt8]) throws(StoreError) -> (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount)? {
        let statement = try database.prepare(
            """
            SELECT \(Self.passkeyColumns), u.user_handle, \(Self.accountColumns(of: "a"))
            FROM passkeys p JOIN accounts a ON a.id = p.account_id LEFT JOIN passkey_users u ON u.account_id = p.account_id
            WHERE p.credential_id = ?
            """)
        defer { statement.reset() }
        guard try statement.bind(.blob(credentialID)).step() else { return nil }
        let handle = statement.blob(12)
        return (readPasskey(statement), handle.isEmpty ? nil : handle, readStoredAccount(statement, from: 13))
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
                challenge.accountID.map { .integer($0) } ?? .null, .integer(challenge.createdAt), .integer(challenge.expiresAt)
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
            let select = try database.prepare(
                "SELECT ceremony, binding_hash, account_id, created_at, expires_at FROM passkey_challenges WHERE challenge_hash = ?")
            guard try select.bind(.blob(key)).step() else {
                select.reset()
                return nil
            }
            let found = PasskeyChallenge(
                ceremony: PasskeyCeremony(rawValue: select.text(0)), bindingHash: select.blob(1), accountID: select.optionalInteger(2),
                createdAt: select.integer(3), expiresAt: select.integer(4))
            select.reset()
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
