extension SQLiteStore {
    public func insertCode(_ row: CodeRow) throws(StoreError) -> Int64 {
        guard let purpose = row.purpose else { throw StoreError(.constraint, "a code needs a purpose") }
        try database.prepare(
            """
            INSERT INTO action_codes (code_hash, account_id, purpose, email, created_at, expires_at, consumed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(row.key), .integer(row.accountID), .text(purpose.rawValue), .text(row.email), .integer(row.createdAt),
            .integer(row.expiresAt), row.consumedAt.storeValue
        ).run()
        return database.lastInsertedRowID
    }

    public func code(key: [UInt8]) throws(StoreError) -> (row: CodeRow, account: Account)? {
        try database.firstRow(
            """
            SELECT \(StoreColumns.code), \(StoreColumns.accountOfA)
            FROM action_codes c JOIN accounts a ON a.id = c.account_id WHERE c.code_hash = ?
            """, .blob(key)
        ) { ($0.code(), $0.account(from: 8)) }
    }

    public func consumeCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try database.prepare("UPDATE action_codes SET consumed_at = ? WHERE code_hash = ? AND consumed_at IS NULL")
            .bind(.integer(time), .blob(key)).runCountingChanges() == 1
    }

    public func deleteUnusedCodes(accountID: Int64, purpose: ActionCodePurpose, issuedAfter: Int64?) throws(StoreError) {
        try database.prepare(
            "DELETE FROM action_codes WHERE account_id = ? AND purpose = ? AND consumed_at IS NULL AND id > ?"
        ).bind(.integer(accountID), .text(purpose.rawValue), .integer(issuedAfter ?? Int64.min)).run()
    }

    public func deleteCodes(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM action_codes WHERE account_id = ?").bind(.integer(accountID)).run()
    }

    public func deleteExpiredCodes(now: Int64) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM action_codes WHERE expires_at <= ?").bind(.integer(now)).runCountingChanges()
            + database.prepare("DELETE FROM sign_in_codes WHERE expires_at <= ?").bind(.integer(now)).runCountingChanges()
    }

    // MARK: Reset requests

    public func insertResetRequest(email: String, emailKey: String, locale: String, kind: ResetRequest.Kind, at time: Int64)
        throws(StoreError) -> Int64
    {
        try database.prepare("INSERT INTO reset_requests (email, email_key, locale, created_at, kind) VALUES (?, ?, ?, ?, ?)")
            .bind(.text(email), .text(emailKey), .text(locale), .integer(time), .text(kind.rawValue)).run()
        return database.lastInsertedRowID
    }

    public func resetRequests(limit: Int) throws(StoreError) -> [ResetRequest] {
        let statement = try database.prepare("SELECT id, email, locale, created_at, kind FROM reset_requests ORDER BY id LIMIT ?")
        defer { statement.reset() }
        try statement.bind(.integer(Int64(max(0, limit))))
        var requests: [ResetRequest] = []
        while try statement.step() {
            // A kind this version does not know (a newer Genkan wrote it) is left for that version.
            guard let kind = ResetRequest.Kind(rawValue: statement.text(4)) else { continue }
            requests.append(
                ResetRequest(
                    id: statement.integer(0), email: statement.text(1), locale: statement.text(2), createdAt: statement.integer(3),
                    kind: kind))
        }
        return requests
    }

    public func deleteResetRequest(id: Int64) throws(StoreError) -> Bool {
        try database.prepare("DELETE FROM reset_requests WHERE id = ?").bind(.integer(id)).runCountingChanges() > 0
    }

    public func deleteResetRequests(emailKey: String) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM reset_requests WHERE email_key = ?").bind(.text(emailKey)).runCountingChanges()
    }

    // MARK: Sign-in codes

    public func insertSignInCode(_ code: SignInCodeRow) throws(StoreError) -> Int64 {
        try database.prepare(
            """
            INSERT INTO sign_in_codes (code_hash, email, email_key, created_at, expires_at, consumed_at) VALUES (?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(code.key), .text(code.email), .text(code.emailKey), .integer(code.createdAt), .integer(code.expiresAt),
            code.consumedAt.storeValue
        ).run()
        return database.lastInsertedRowID
    }

    public func signInCode(key: [UInt8]) throws(StoreError) -> SignInCodeRow? {
        try database.firstRow("SELECT \(StoreColumns.signInCode) FROM sign_in_codes WHERE code_hash = ?", .blob(key)) { $0.signInCode() }
    }

    public func consumeSignInCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try database.prepare("UPDATE sign_in_codes SET consumed_at = ? WHERE code_hash = ? AND consumed_at IS NULL")
            .bind(.integer(time), .blob(key)).runCountingChanges() == 1
    }

    public func deleteSignInCodes(emailKey: String, unusedOnly: Bool) throws(StoreError) -> Int {
        try database.prepare(
            unusedOnly
                ? "DELETE FROM sign_in_codes WHERE email_key = ? AND consumed_at IS NULL" : "DELETE FROM sign_in_codes WHERE email_key = ?"
        ).bind(.text(emailKey)).runCountingChanges()
    }
}

extension SQLiteStore {
    public func insertEmulatorCode(_ code: EmulatorCode, keeping: Int) throws(StoreError) {
        try database.prepare(
            "INSERT INTO emulator_codes (account_id, email, code, purpose, created_at, link) VALUES (?, ?, ?, ?, ?, ?)"
        ).bind(
            code.accountID.storeValue, .text(code.email), .text(code.code),
            .text(code.isSignInLink ? EmulatorCode.signInPurpose : code.purpose?.rawValue ?? ""), .integer(code.createdAt),
            code.link.storeValue
        ).run()
        try database.prepare("DELETE FROM emulator_codes WHERE id <= ?").bind(.integer(database.lastInsertedRowID - Int64(keeping))).run()
    }

    public func emulatorCodes() throws(StoreError) -> [EmulatorCode] {
        let statement = try database.prepare("SELECT account_id, email, code, purpose, created_at, link FROM emulator_codes ORDER BY id")
        defer { statement.reset() }
        var codes: [EmulatorCode] = []
        while try statement.step() {
            codes.append(
                EmulatorCode(
                    accountID: statement.optionalInteger(0), email: statement.text(1), code: statement.text(2),
                    purpose: ActionCodePurpose(rawValue: statement.text(3)), createdAt: statement.integer(4),
                    isSignInLink: statement.text(3) == EmulatorCode.signInPurpose, link: statement.optionalText(5)))
        }
        return codes
    }
}
