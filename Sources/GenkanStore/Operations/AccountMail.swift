/// The mails account operations send, composed by whoever runs the site (the server writes them
/// in the reader's language from the catalog). An operation decides whether a mail goes and to
/// whom; the door that asked for it cannot leave one out. Nil from a method: nothing to send (an
/// address that cannot be written, a site that sends no such mail).
public protocol AccountMail: Sendable {
    /// The link that proves the account's address (sign-up, "send it again").
    func verification(to account: Account, code: String, locale: String) -> OutgoingMail?
    /// The link that sets a new password.
    func passwordReset(to account: Account, code: String, locale: String) -> OutgoingMail?
    /// The password was changed or reset: if it was not the owner, reset it.
    func passwordChanged(to account: Account, locale: String) -> OutgoingMail?
    /// To the new address: the link that makes the change.
    func emailChange(to account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail?
    /// To the old address once the change happened: the link that undoes it.
    func emailChanged(to oldEmail: String, account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail?
    /// After the deletion, to the address the account had.
    func goodbye(to account: Account, locale: String) -> OutgoingMail?
    /// To the owner of an address someone tried to sign up with (where the site does not say so).
    func signUpAttempt(to owner: Account, locale: String) -> OutgoingMail?
    /// To the owner of an address another account tried to move to (where the site does not say so).
    func emailChangeAttempt(to owner: Account, locale: String) -> OutgoingMail?
    /// A sign-in method was connected to the account or removed from it.
    func signInMethodChanged(to account: Account, provider: String, connected: Bool, locale: String) -> OutgoingMail?
    /// A passkey called `name` was added to the account or removed from it.
    func passkeyChanged(to account: Account, name: String, added: Bool, locale: String) -> OutgoingMail?
    /// The account's password was removed (it signs in with a passkey or a provider now).
    func passwordRemoved(to account: Account, locale: String) -> OutgoingMail?
    /// The account's second factor was added or removed, its recovery codes made anew, or its
    /// codes are being guessed.
    func secondFactorChanged(to account: Account, change: SecondFactorChange, locale: String) -> OutgoingMail?
    /// The link that signs in to the account of `email` without a password, or makes it (`owner`
    /// nil: the address has no account yet). Without `continuation` the link leads to the site's
    /// own page; with one, to the app's address (Firebase's e-mail link sign-in).
    func signInLink(to email: String, owner: Account?, code: String, continuation: SignInLinkContinuation?, locale: String)
        -> OutgoingMail?
}

/// What happened to an account's second factor, for its mail.
public enum SecondFactorChange: Sendable, Hashable {
    case added, removed, newRecoveryCodes
    /// The account's limit of codes checked was reached: someone with the password may be guessing.
    case codesGuessed
}

/// Where an app asked a sign-in link to lead (`sendSignInLinkToEmail`'s action code settings):
/// the app's page, which finishes the sign-in with the code, and the API key the link carries.
public struct SignInLinkContinuation: Sendable, Hashable {
    /// The app's absolute URL (`continueUrl`), already checked against the allowed origins.
    public let url: String
    /// The `apiKey` the link carries, as the SDKs' `isSignInWithEmailLink` requires.
    public let apiKey: String

    public init(url: String, apiKey: String) {
        self.url = url
        self.apiKey = apiKey
    }
}

extension AccountMail {
    /// Nothing, for a site that writes no such mail.
    public func passkeyChanged(to account: Account, name: String, added: Bool, locale: String) -> OutgoingMail? { nil }
    /// Nothing, for a site that writes no such mail.
    public func passwordRemoved(to account: Account, locale: String) -> OutgoingMail? { nil }
    /// Nothing, for a site that writes no such mail.
    public func secondFactorChanged(to account: Account, change: SecondFactorChange, locale: String) -> OutgoingMail? { nil }
}

/// Sends nothing: for stores whose operations need no mail (tools, tests of other things).
public struct NoAccountMail: AccountMail {
    public init() {}
    public func verification(to account: Account, code: String, locale: String) -> OutgoingMail? { nil }
    public func passwordReset(to account: Account, code: String, locale: String) -> OutgoingMail? { nil }
    public func passwordChanged(to account: Account, locale: String) -> OutgoingMail? { nil }
    public func emailChange(to account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? { nil }
    public func emailChanged(to oldEmail: String, account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        nil
    }
    public func goodbye(to account: Account, locale: String) -> OutgoingMail? { nil }
    public func signUpAttempt(to owner: Account, locale: String) -> OutgoingMail? { nil }
    public func emailChangeAttempt(to owner: Account, locale: String) -> OutgoingMail? { nil }
    public func signInMethodChanged(to account: Account, provider: String, connected: Bool, locale: String) -> OutgoingMail? { nil }
    public func signInLink(to email: String, owner: Account?, code: String, continuation: SignInLinkContinuation?, locale: String)
        -> OutgoingMail?
    { nil }
}
