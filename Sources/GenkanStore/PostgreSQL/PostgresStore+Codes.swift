extension PostgresStore {
    public func insertCode(_ row: CodeRow) throws(StoreError) -> Int64 {
        guard let purpose = row.purpose else { throw StoreError(.constraint, "a code needs a purpose") }
        return try insertedID(
            rows(
                """
                INSERT INTO action_codes (code_hash, account_id, purpose, email, created_at, expires_at, consumed_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
                """,
                .blob(row.key), .integer(row.accountID), .text(purpose.rawValue), .text(row.email), .integer(row.createdAt),
                .integer(row.expiresAt), row.consumedAt.storeValue))
    }

    public func code(key: [UInt8]) throws(StoreError) -> (row: CodeRow, account: Account)? {
        try rows(
            """
            SELECT \(StoreColumns.code), \(StoreColumns.accountOfA)
            FROM action_codes c JOIN accounts a ON a.id = c.account_id WHERE c.code_hash = $1
            """, .blob(key)
        ).first.map { ($0.code(), $0.account(from: 8)) }
    }

    public func consumeCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE action_codes SET consumed_at = $1 WHERE code_hash = $2 AND consumed_at IS NULL", .integer(time), .blob(key)) == 1
    }

    public func deleteUnusedCodes(accountID: Int64, purpose: ActionCodePurpose, issuedAfter: Int64?) throws(StoreError) {
        try changes(
            "DELETE FROM action_codes WHERE account_id = $1 AND purpose = $2 AND consumed_at IS NULL AND id > $3",
            .integer(accountID), .text(purpose.rawValue), .integer(issuedAfter ?? Int64.min))
    }

    public func deleteCodes(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM action_codes WHERE account_id = $1", .integer(accountID))
    }

    public func deleteExpiredCodes(now: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM action_codes WHERE expires_at <= $1", .integer(now))
            + changes("DELETE FROM sign_in_codes WHERE expires_at <= $1", .integer(now))
    }

    // MARK: Reset requests

    public func insertResetRequest(email: String, emailKey: String, locale: String, kind: ResetRequest.Kind, at time: Int64)
        throws(StoreError) -> Int64
    {
        try insertedID(
            rows(
                "INSERT INTO reset_requests (email, email_key, locale, created_at, kind) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                .text(email), .text(emailKey), .text(locale), .integer(time), .text(kind.rawValue)))
    }

    public func resetRequests(limit: Int) throws(StoreError) -> [ResetRequest] {
        try rows("SELECT id, email, locale, created_at, kind FROM reset_requests ORDER BY id LIMIT $1", .integer(Int64(max(0, limit))))
            .rows.compactMap { row in
                // A kind this version does not know (a newer Genkan wrote it) is left for that version.
                guard let kind = ResetRequest.Kind(rawValue: row.text(4)) else { return nil }
                return ResetRequest(id: row.integer(0), email: row.text(1), locale: row.text(2), createdAt: row.integer(3), kind: kind)
            }
    }

    public func deleteResetRequest(id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM reset_requests WHERE id = $1", .integer(id)) > 0
    }

    public func deleteResetRequests(emailKey: String) throws(StoreError) -> Int {
        try changes("DELETE FROM reset_requests WHERE email_key = $1", .text(emailKey))
    }

    // MARK: Sign-in codes

    public func insertSignInCode(_ code: SignInCodeRow) throws(StoreError) -> Int64 {
        try insertedID(
            rows(
                """
                INSERT INTO sign_in_codes (code_hash, email, email_key, created_at, expires_at, consumed_at)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """,
                .blob(code.key), .text(code.email), .text(code.emailKey), .integer(code.createdAt), .integer(code.expiresAt),
                code.consumedAt.storeValue))
    }

    public func signInCode(key: [UInt8]) throws(StoreError) -> SignInCodeRow? {
        try rows("SELECT \(StoreColumns.signInCode) FROM sign_in_codes WHERE code_hash = $1", .blob(key)).first.map { $0.signInCode() }
    }

    public func consumeSignInCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE sign_in_codes SET consumed_at = $1 WHERE code_hash = $2 AND consumed_at IS NULL", .integer(time), .blob(key)) == 1
    }

    public func deleteSignInCodes(emailKey: String, unusedOnly: Bool) throws(StoreError) -> Int {
        try changes(
            unusedOnly
                ? "DELETE FROM sign_in_codes WHERE email_key = $1 AND consumed_at IS NULL" : "DELETE FROM sign_in_codes WHERE email_key = $1",
            .text(emailKey))
    }
}

extension PostgresStore {
    public func insertEmulatorCode(_ code: EmulatorCode, keeping: Int) throws(StoreError) {
        let id = try insertedID(
            rows(
                "INSERT INTO emulator_codes (account_id, email, code, purpose, created_at, link) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                code.accountID.storeValue, .text(code.email), .text(code.code),
                .text(code.isSignInLink ? EmulatorCode.signInPurpose : code.purpose?.rawValue ?? ""), .integer(code.createdAt),
                code.link.storeValue))
        try changes("DELETE FROM emulator_codes WHERE id <= $1", .integer(id - Int64(keeping)))
    }

    public func emulatorCodes() throws(StoreError) -> [EmulatorCode] {
        try rows("SELECT account_id, email, code, purpose, created_at, link FROM emulator_codes ORDER BY id").rows.map { row in
            EmulatorCode(
                accountID: row.optionalInteger(0), email: row.text(1), code: row.text(2), purpose: ActionCodePurpose(rawValue: row.text(3)),
                createdAt: row.integer(4), isSignInLink: row.text(3) == EmulatorCode.signInPurpose, link: row.optionalText(5))
        }
    }
}
