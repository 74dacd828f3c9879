import GenkanSQL

extension StoreColumns {
    static let secondFactor = "account_id, enrollment_id, sealed_secret, display_name, enrolled_at, last_used_step"
    static let pendingSecondStep = "account_id, binding_hash, first_factor, return_to, created_at, expires_at, wrong_codes"
}

extension SQLRow {
    /// A second factor from the columns of `StoreColumns.secondFactor`.
    func secondFactor() -> SecondFactor {
        SecondFactor(
            accountID: integer(0), enrollmentID: text(1), sealedSecret: blob(2), displayName: optionalText(3), enrolledAt: integer(4),
            lastUsedStep: optionalInteger(5))
    }

    /// A pending second step from the columns of `StoreColumns.pendingSecondStep`.
    func pendingSecondStep() -> PendingSecondStep {
        PendingSecondStep(
            accountID: integer(0), bindingHash: blob(1), firstFactor: text(2), returnTo: optionalText(3), createdAt: integer(4),
            expiresAt: integer(5), wrongCodes: Int(integer(6)))
    }
}
