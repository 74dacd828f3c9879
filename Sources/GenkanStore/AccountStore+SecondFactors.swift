extension AccountStore {
    /// How long a sign-in waits for its second step, in seconds.
    public static let secondStepLifetime: Int64 = 300
    /// How long an enrolment waits for the first code from the app, in seconds: long enough to
    /// install an app and scan the code.
    public static let totpEnrollmentLifetime: Int64 = 900
    /// Wrong codes one pending sign-in may take; the next sign-in starts again from the password,
    /// behind its own limits.
    public static let wrongCodesPerSecondStep = 5
    /// Codes checked for one account, whatever the browser or the door: 10 at once, then 10 each
    /// 15 minutes. A 6-digit code guessed at that rate takes about 2,850 years on average.
    public static let secondFactorChecks = StoredLimit("second-factor.account", LimitRule(capacity: 10, refillPerMinute: 10.0 / 15.0))
    /// Mails telling the owner that codes are being guessed: one each 15 minutes at most.
    public static let codesGuessedMails = StoredLimit("second-factor.mail", LimitRule(capacity: 1, refillPerMinute: 1.0 / 15.0))

    /// The key a token is stored under.
    static func tokenKey(_ token: String) -> [UInt8] { Secret.sha256(Array(token.utf8)) }

    /// The pending second step of `token`, if it exists, has not expired and belongs to `binding`
    /// (compared in constant time; nil binding: the API's, which has none).
    func pendingSecondStep(token: String, binding: String?) throws(StoreError) -> PendingSecondStep? {
        guard let step = try storage.pendingSecondStep(key: Self.tokenKey(token)), clock.now() < step.expiresAt else { return nil }
        let expected = binding.map { Self.bindingHash($0) } ?? []
        guard step.bindingHash.count == expected.count, Secret.constantTimeEqual(step.bindingHash, expected) else { return nil }
        return step
    }

    /// Whether the account has a second factor.
    func hasSecondFactor(accountID: Int64) throws(StoreError) -> Bool {
        try storage.secondFactor(accountID: accountID) != nil
    }

    /// The account's second factor and how many recovery codes it has left.
    func secondFactorSummary(accountID: Int64) throws(StoreError) -> (factor: SecondFactor, recoveryCodesLeft: Int)? {
        try storage.reading { () throws(StoreError) -> (factor: SecondFactor, recoveryCodesLeft: Int)? in
            guard let factor = try storage.secondFactor(accountID: accountID) else { return nil }
            return (factor, try storage.unusedRecoveryCodes(accountID: accountID))
        }
    }
}
