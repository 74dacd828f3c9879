/// What happened to an account: the stable names of the security event log, which the activity
/// page, the admin console, `genkan events export` and the webhooks (their `type`) all use.
///
/// Names are Standard Webhooks event types: identifiers of `[a-z_]` joined by full stops, the
/// thing first and what happened to it second.
public enum AccountEventType: String, Sendable, CaseIterable {
    case accountCreated = "account.created"
    case signInSucceeded = "sign_in.succeeded"
    /// A wrong password (or passkey, or code) for an existing account; a wrong code at the second
    /// step has the `method` `second_factor`.
    case signInFailed = "sign_in.failed"
    /// Refused before the credentials counted: a limit, a disabled account, a blocking hook.
    case signInRefused = "sign_in.refused"
    /// The second step of a sign-in (a second factor) was passed.
    case secondStepPassed = "sign_in.second_step"
    case signedOut = "session.signed_out"
    /// Sessions ended other than by signing out: from another device, by an administrator, by a
    /// password change.
    case sessionsEnded = "session.ended"
    case passwordChanged = "password.changed"
    case passwordReset = "password.reset"
    /// A reset link was mailed at an administrator's request.
    case passwordResetSent = "password.reset_sent"
    case passwordRemoved = "password.removed"
    case emailChangeRequested = "email.change_requested"
    case emailChangeConfirmed = "email.change_confirmed"
    case emailChangeUndone = "email.change_undone"
    case emailVerified = "email.verified"
    case passkeyAdded = "passkey.added"
    case passkeyRemoved = "passkey.removed"
    case providerLinked = "provider.linked"
    case providerUnlinked = "provider.unlinked"
    case secondFactorAdded = "second_factor.added"
    case secondFactorRemoved = "second_factor.removed"
    /// Ten new recovery codes replaced the account's (the old ones no longer work).
    case recoveryCodesReplaced = "second_factor.recovery_codes_replaced"
    case profileChanged = "account.profile_changed"
    case claimsChanged = "account.claims_changed"
    case accountDisabled = "account.disabled"
    case accountEnabled = "account.enabled"
    case accountDeleted = "account.deleted"
    case adminGranted = "admin.granted"
    case adminRevoked = "admin.revoked"

    /// Whether the event is a sign-in attempt (the activity page lists these with their browser
    /// and network) rather than a change to the account.
    public var isSignIn: Bool {
        switch self {
        case .signInSucceeded, .signInFailed, .signInRefused, .secondStepPassed: true
        default: false
        }
    }
}
