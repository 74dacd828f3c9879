import GenkanSQL

extension SQLStore {
    func insertCode(_ row: CodeRow) throws(StoreError) -> Int64 {
        guard let purpose = row.purpose else { throw StoreError(.constraint, "a code needs a purpose") }
        return try insertedID(
            """
            INSERT INTO action_codes (code_hash, account_id, purpose, email, created_at, expires_at, consumed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                .blob(row.key), .integer(row.accountID), .text(purpose.rawValue), .text(row.email), .integer(row.createdAt),
                .integer(row.expiresAt), row.consumedAt.storeValue,
            ])
    }

    func code(key: [UInt8]) throws(StoreError) -> (row: CodeRow, account: Account)? {
        try firstRow(
            """
            SELECT \(StoreColumns.code), \(StoreColumns.accountOfA)
            FROM action_codes c JOIN accounts a ON a.id = c.account_id WHERE c.code_hash = ?
            """, .blob(key)
        ) { ($0.code(), $0.account(from: 8)) }
    }

    func consumeCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try changes(
            "UPDATE action_codes SET consumed_at = ? WHERE code_hash = ? AND consumed_at IS NULL", .integer(time), .blob(key)) == 1
    }

    func deleteUnusedCodes(accountID: Int64, purpose: ActionCodePurpose, issuedAfter: Int64?) throws(StoreError) {
        try changes(
            "DELETE FROM action_codes WHERE account_id = ? AND purpose = ? AND consumed_at IS NULL AND id > ?",
            .integer(accountID), .text(purpose.rawValue), .integer(issuedAfter ?? Int64.min))
    }

    func deleteCodes(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM action_codes WHERE account_id = ?", .integer(accountID))
    }

    func deleteExpiredCodes(now: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM action_codes WHERE expires_at <= ?", .integer(now))
            + changes("DELETE FROM sign_in_codes WHERE expires_at <= ?", .integer(now))
    }

    // MARK: Reset requests

    func insertResetRequest(email: String, emailKey: String, locale: String, kind: ResetRequest.Kind, at time: Int64)
        throws(StoreError) -> Int64
    {
        try insertedID(
            "INSERT INTO reset_requests (email, email_key, locale, created_at, kind) VALUES (?, ?, ?, ?, ?) RETURNING id",
            [.text(email), .text(emailKey), .text(locale), .integer(time), .text(kind.rawValue)])
    }

    func resetRequests(limit: Int) throws(StoreError) -> [ResetRequest] {
        try allRows(
            "SELECT \(StoreColumns.resetRequest) FROM reset_requests ORDER BY id LIMIT ?", .integer(Int64(max(0, limit)))
        ) { $0.resetRequest() }.compactMap { $0 }
    }

    func deleteResetRequest(id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM reset_requests WHERE id = ?", .integer(id)) > 0
    }

    func deleteResetRequests(emailKey: String) throws(StoreError) -> Int {
        try changes("DELETE FROM reset_requests WHERE email_key = ?", .text(emailKey))
    }

    // MARK: Sign-in codes

    func insertSignInCode(_ code: SignInCodeRow) throws(StoreError) -> Int64 {
        try insertedID(
            """
            INSERT INTO sign_in_codes (code_hash, email, email_key, created_at, expires_at, consumed_at)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                .blob(code.key), .text(code.email), .text(code.emailKey), .integer(code.createdAt), .integer(code.expiresAt),
                code.consumedAt.storeValue,
            ])
    }

    func signInCode(key: [UInt8]) throws(StoreError) -> SignInCodeRow? {
        try firstRow("SELECT \(StoreColumns.signInCode) FROM sign_in_codes WHERE code_hash = ?", .blob(key)) { $0.signInCode() }
    }

    func consumeSignInCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try changes(
            "UPDATE sign_in_codes SET consumed_at = ? WHERE code_hash = ? AND consumed_at IS NULL", .integer(time), .blob(key)) == 1
    }

    func deleteSignInCodes(emailKey: String, unusedOnly: Bool) throws(StoreError) -> Int {
        try changes(
            unusedOnly
                ? "DELETE FROM sign_in_codes WHERE email_key = ? AND consumed_at IS NULL" : "DELETE FROM sign_in_codes WHERE email_key = ?",
            .text(emailKey))
    }

    // MARK: The emulator's list

    func insertEmulatorCode(_ code: EmulatorCode, keeping: Int) throws(StoreError) {
        let id = try insertedID(
            "INSERT INTO emulator_codes (account_id, email, code, purpose, created_at, link) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            [
                code.accountID.storeValue, .text(code.email), .text(code.code),
                .text(code.isSignInLink ? EmulatorCode.signInPurpose : code.purpose?.rawValue ?? ""), .integer(code.createdAt),
                code.link.storeValue,
            ])
        try changes("DELETE FROM emulator_codes WHERE id <= ?", .integer(id - Int64(keeping)))
    }

    func emulatorCodes() throws(StoreError) -> [EmulatorCode] {
        try allRows("SELECT \(StoreColumns.emulatorCode) FROM emulator_codes ORDER BY id") { $0.emulatorCode() }
    }
}
