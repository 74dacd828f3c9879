import GenkanSQL

extension SQLStore {
    func secondFactor(accountID: Int64) throws(StoreError) -> SecondFactor? {
        try firstRow("SELECT \(StoreColumns.secondFactor) FROM second_factors WHERE account_id = ?", .integer(accountID)) {
            $0.secondFactor()
        }
    }

    func secondFactors(accountIDs: ClosedRange<Int64>) throws(StoreError) -> [SecondFactor] {
        try allRows(
            "SELECT \(StoreColumns.secondFactor) FROM second_factors WHERE account_id BETWEEN ? AND ? ORDER BY account_id",
            .integer(accountIDs.lowerBound), .integer(accountIDs.upperBound)
        ) { $0.secondFactor() }
    }

    func insertSecondFactor(_ factor: SecondFactor, recoveryCodes: [[UInt8]]) throws(StoreError) {
        try atomic { () throws(StoreError) in
            try changes(
                """
                INSERT INTO second_factors (account_id, enrollment_id, sealed_secret, display_name, enrolled_at, last_used_step)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                .integer(factor.accountID), .text(factor.enrollmentID), .blob(factor.sealedSecret), factor.displayName.storeValue,
                .integer(factor.enrolledAt), factor.lastUsedStep.storeValue)
            try changes("DELETE FROM recovery_codes WHERE account_id = ?", .integer(factor.accountID))
            for digest in recoveryCodes {
                try changes("INSERT INTO recovery_codes (account_id, code_hash) VALUES (?, ?)", .integer(factor.accountID), .blob(digest))
            }
        }
    }

    func recordTOTPStep(accountID: Int64, step: Int64, resealed: [UInt8]?) throws(StoreError) -> Bool {
        // One statement decides: of two servers with the same step, the second changes nothing.
        try changes(
            """
            UPDATE second_factors SET last_used_step = ?1, sealed_secret = COALESCE(?2, sealed_secret)
            WHERE account_id = ?3 AND (last_used_step IS NULL OR last_used_step < ?1)
            """, .integer(step), resealed.map { .blob($0) } ?? .null, .integer(accountID)) > 0
    }

    func deleteSecondFactor(accountID: Int64) throws(StoreError) -> Bool {
        try transaction { () throws(StoreError) -> Bool in
            try changes("DELETE FROM recovery_codes WHERE account_id = ?", .integer(accountID))
            return try changes("DELETE FROM second_factors WHERE account_id = ?", .integer(accountID)) > 0
        }
    }

    func replaceRecoveryCodes(accountID: Int64, _ digests: [[UInt8]]) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try changes("DELETE FROM recovery_codes WHERE account_id = ?", .integer(accountID))
            for digest in digests {
                try changes("INSERT INTO recovery_codes (account_id, code_hash) VALUES (?, ?)", .integer(accountID), .blob(digest))
            }
        }
    }

    func useRecoveryCode(accountID: Int64, digest: [UInt8], at time: Int64) throws(StoreError) -> Bool {
        try changes(
            "UPDATE recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL", .integer(time),
            .integer(accountID), .blob(digest)) > 0
    }

    func unusedRecoveryCodes(accountID: Int64) throws(StoreError) -> Int {
        Int(try firstRow("SELECT count(*) FROM recovery_codes WHERE account_id = ? AND used_at IS NULL", .integer(accountID)) { $0.integer(0) } ?? 0)
    }

    // MARK: Pending second steps

    func insertPendingSecondStep(key: [UInt8], _ step: PendingSecondStep, now: Int64) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try changes(
                """
                INSERT INTO pending_second_steps (key_hash, account_id, binding_hash, first_factor, return_to, created_at, expires_at, wrong_codes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                .blob(key), .integer(step.accountID), .blob(step.bindingHash), .text(step.firstFactor), step.returnTo.storeValue,
                .integer(step.createdAt), .integer(step.expiresAt), .integer(Int64(step.wrongCodes)))
            try changes("DELETE FROM pending_second_steps WHERE expires_at <= ?", .integer(now))
        }
    }

    func pendingSecondStep(key: [UInt8]) throws(StoreError) -> PendingSecondStep? {
        try firstRow("SELECT \(StoreColumns.pendingSecondStep) FROM pending_second_steps WHERE key_hash = ?", .blob(key)) {
            $0.pendingSecondStep()
        }
    }

    func countWrongCode(pendingKey key: [UInt8]) throws(StoreError) -> Int? {
        try allRows(
            "UPDATE pending_second_steps SET wrong_codes = wrong_codes + 1 WHERE key_hash = ? RETURNING wrong_codes", .blob(key)
        ) { Int($0.integer(0)) }.first
    }

    func takePendingSecondStep(key: [UInt8]) throws(StoreError) -> PendingSecondStep? {
        try allRows(
            "DELETE FROM pending_second_steps WHERE key_hash = ? RETURNING \(StoreColumns.pendingSecondStep)", .blob(key)
        ) { $0.pendingSecondStep() }.first
    }

    func deletePendingSecondSteps(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM pending_second_steps WHERE account_id = ?", .integer(accountID))
    }

    // MARK: Enrolments under way

    func insertTOTPEnrollment(key: [UInt8], _ enrollment: TOTPEnrollment, now: Int64) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try changes("DELETE FROM totp_enrollments WHERE account_id = ? OR expires_at <= ?", .integer(enrollment.accountID), .integer(now))
            try changes(
                "INSERT INTO totp_enrollments (key_hash, account_id, sealed_secret, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                .blob(key), .integer(enrollment.accountID), .blob(enrollment.sealedSecret), .integer(enrollment.createdAt),
                .integer(enrollment.expiresAt))
        }
    }

    func totpEnrollment(key: [UInt8]) throws(StoreError) -> TOTPEnrollment? {
        try firstRow("SELECT account_id, sealed_secret, created_at, expires_at FROM totp_enrollments WHERE key_hash = ?", .blob(key)) {
            TOTPEnrollment(accountID: $0.integer(0), sealedSecret: $0.blob(1), createdAt: $0.integer(2), expiresAt: $0.integer(3))
        }
    }

    func deleteTOTPEnrollment(accountID: Int64) throws(StoreError) {
        try changes("DELETE FROM totp_enrollments WHERE account_id = ?", .integer(accountID))
    }
}
