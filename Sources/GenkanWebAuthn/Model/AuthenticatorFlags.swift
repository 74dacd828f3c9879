/// The flags byte of authenticator data (WebAuthn Level 3 §6.1).
public struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// UP: the user touched or otherwise confirmed presence.
    public static let userPresent = AuthenticatorFlags(rawValue: 0x01)
    /// UV: the authenticator verified the user (biometrics, PIN, device passcode).
    public static let userVerified = AuthenticatorFlags(rawValue: 0x04)
    /// BE: the credential may be backed up (synced between devices); fixed for its lifetime.
    public static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
    /// BS: the credential is backed up now; may change over time, only with BE.
    public static let backupState = AuthenticatorFlags(rawValue: 0x10)
    /// AT: attested credential data follows the counter.
    public static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
    /// ED: extension data ends the authenticator data.
    public static let extensionData = AuthenticatorFlags(rawValue: 0x80)
}
