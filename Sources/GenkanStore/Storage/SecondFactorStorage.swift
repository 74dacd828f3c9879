/// Second factors: one TOTP authenticator per account with its recovery codes, the second steps
/// of sign-ins under way, and TOTP enrolments under way. Pending steps and enrolments are stored
/// under the SHA-256 of their token (a browser's cookie, an API's `mfaPendingCredential` or
/// `sessionInfo`), so any server on the store can finish what another began, and a dump holds no
/// token that works.
public protocol SecondFactorStorage: AnyObject {
    /// The account's second factor, nil when it has none.
    func secondFactor(accountID: Int64) throws(StoreError) -> SecondFactor?

    /// The second factors of the accounts whose ids are in `accountIDs`, in account id order: one
    /// read for a page of accounts listed in id order.
    func secondFactors(accountIDs: ClosedRange<Int64>) throws(StoreError) -> [SecondFactor]

    /// Stores the account's second factor and its recovery codes (digests) together.
    ///
    /// - Throws: `StoreError.Code.constraint` when the account has a second factor already, there
    ///   is no account `factor.accountID`, or another factor has this enrolment id; nothing is
    ///   written then.
    func insertSecondFactor(_ factor: SecondFactor, recoveryCodes: [[UInt8]]) throws(StoreError)

    /// Records that the account's code of TOTP step `step` was accepted: sets the last used step
    /// to `step` only where none is stored or the stored one is earlier, and stores `resealed`
    /// as the sealed secret when given. Of two servers accepting the same code at once, one finds
    /// its step already used.
    ///
    /// - Returns: false when nothing was written (that step or a later one was used meanwhile,
    ///   or the factor was removed).
    func recordTOTPStep(accountID: Int64, step: Int64, resealed: [UInt8]?) throws(StoreError) -> Bool

    /// Deletes the account's second factor and its recovery codes; false when it had none.
    @discardableResult func deleteSecondFactor(accountID: Int64) throws(StoreError) -> Bool

    /// Replaces every recovery code of the account (used or not) with `digests`.
    func replaceRecoveryCodes(accountID: Int64, _ digests: [[UInt8]]) throws(StoreError)

    /// Marks the account's unused recovery code `digest` used at `time`.
    ///
    /// - Returns: false when the account has no such unused code: of two callers with one code,
    ///   exactly one gets true.
    func useRecoveryCode(accountID: Int64, digest: [UInt8], at time: Int64) throws(StoreError) -> Bool

    /// How many of the account's recovery codes are unused.
    func unusedRecoveryCodes(accountID: Int64) throws(StoreError) -> Int

    /// Stores a pending second step under `key` (SHA-256 of its token), then deletes every pending
    /// step whose expiry is at or before `now`.
    func insertPendingSecondStep(key: [UInt8], _ step: PendingSecondStep, now: Int64) throws(StoreError)

    /// The pending second step under `key`, whatever its expiry; nil when there is none.
    func pendingSecondStep(key: [UInt8]) throws(StoreError) -> PendingSecondStep?

    /// Adds one to the wrong codes of the pending step under `key` and returns the new count; nil
    /// when there is no such step.
    func countWrongCode(pendingKey key: [UInt8]) throws(StoreError) -> Int?

    /// Deletes the pending step under `key` and returns it, or nil when there was none: exactly
    /// one caller gets a pending step.
    func takePendingSecondStep(key: [UInt8]) throws(StoreError) -> PendingSecondStep?

    /// Deletes the account's pending second steps (its factor was removed, its password reset).
    func deletePendingSecondSteps(accountID: Int64) throws(StoreError)

    /// Stores a TOTP enrolment under way under `key` (SHA-256 of its token), replacing the
    /// account's earlier one, then deletes every enrolment whose expiry is at or before `now`.
    func insertTOTPEnrollment(key: [UInt8], _ enrollment: TOTPEnrollment, now: Int64) throws(StoreError)

    /// The enrolment under way under `key`, whatever its expiry; nil when there is none.
    func totpEnrollment(key: [UInt8]) throws(StoreError) -> TOTPEnrollment?

    /// Deletes the account's enrolment under way.
    func deleteTOTPEnrollment(accountID: Int64) throws(StoreError)
}

/// An account's second factor: an authenticator app holding a TOTP secret.
public struct SecondFactor: Sendable, Hashable {
    public let accountID: Int64
    /// The id the Firebase API names the factor by (`mfaEnrollmentId`): random, never reused.
    public let enrollmentID: String
    /// The TOTP secret sealed by `TwoFactorKeys` (never the secret itself).
    public let sealedSecret: [UInt8]
    /// What the owner calls it (the API's `displayName`), if anything.
    public let displayName: String?
    public let enrolledAt: Int64
    /// The TOTP step whose code was last accepted: that one and every earlier one are spent.
    public let lastUsedStep: Int64?

    public init(accountID: Int64, enrollmentID: String, sealedSecret: [UInt8], displayName: String?, enrolledAt: Int64, lastUsedStep: Int64?) {
        self.accountID = accountID
        self.enrollmentID = enrollmentID
        self.sealedSecret = sealedSecret
        self.displayName = displayName
        self.enrolledAt = enrolledAt
        self.lastUsedStep = lastUsedStep
    }
}

/// A sign-in whose first factor was right and whose second is awaited: not a session.
public struct PendingSecondStep: Sendable, Hashable {
    public let accountID: Int64
    /// SHA-256 of what the step belongs to: the browser's pre-session on the site; for the API,
    /// empty (the `mfaPendingCredential` is the only thing that names it).
    public let bindingHash: [UInt8]
    /// What proved the first factor, as sessions and ID tokens record it (`password`,
    /// `google.com`, `emailLink`).
    public let firstFactor: String
    /// Where the browser goes once the step succeeds (a local path), if the sign-in said.
    public let returnTo: String?
    public let createdAt: Int64
    public let expiresAt: Int64
    /// Wrong codes typed in this step so far.
    public let wrongCodes: Int

    public init(
        accountID: Int64, bindingHash: [UInt8], firstFactor: String, returnTo: String?, createdAt: Int64, expiresAt: Int64, wrongCodes: Int = 0
    ) {
        self.accountID = accountID
        self.bindingHash = bindingHash
        self.firstFactor = firstFactor
        self.returnTo = returnTo
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.wrongCodes = wrongCodes
    }
}

/// A TOTP secret made for an account and waiting for its first code.
public struct TOTPEnrollment: Sendable, Hashable {
    public let accountID: Int64
    public let sealedSecret: [UInt8]
    public let createdAt: Int64
    public let expiresAt: Int64

    public init(accountID: Int64, sealedSecret: [UInt8], createdAt: Int64, expiresAt: Int64) {
        self.accountID = accountID
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
