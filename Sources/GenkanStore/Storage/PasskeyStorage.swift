/// Passkeys (WebAuthn credentials) of accounts, each account's user handle, and the challenges of
/// ceremonies under way (stored under the SHA-256 of the challenge, so any server on the store can
/// finish a ceremony another one began).
public protocol PasskeyStorage: AnyObject {
    /// The account's user handle (`user.id` of its passkeys), nil until its first passkey.
    func userHandle(accountID: Int64) throws(StoreError) -> [UInt8]?

    /// - Throws: `StoreError.Code.constraint` when the account has a handle already, or another
    ///   account has this one; nothing is written then.
    func insertUserHandle(accountID: Int64, _ handle: [UInt8]) throws(StoreError)

    /// Deletes the account's user handle (with the account: a handle is never given to another).
    func deleteUserHandle(accountID: Int64) throws(StoreError)

    /// Stores a passkey and returns its id (ids are never reused).
    ///
    /// - Throws: `StoreError.Code.constraint` when any account has a passkey with this credential
    ///   id, or there is no account `passkey.accountID`; nothing is written then.
    @discardableResult func insertPasskey(_ passkey: Passkey) throws(StoreError) -> Int64

    /// The account's passkeys, the oldest first (then by id).
    func passkeys(accountID: Int64) throws(StoreError) -> [Passkey]

    /// The passkey with this credential id, whichever account has it, with that account's user
    /// handle and the account.
    func passkey(credentialID: [UInt8]) throws(StoreError) -> (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount)?

    /// Records a ceremony the passkey `id` signed: its counter, its backup state and the time.
    ///
    /// - Returns: false when there is no such passkey (it was removed meanwhile).
    func setPasskeyUsed(id: Int64, signCount: UInt32, backedUp: Bool, at time: Int64) throws(StoreError) -> Bool

    /// Renames the account's passkey `id`; false when the account has no such passkey.
    func setPasskeyName(accountID: Int64, id: Int64, _ name: String) throws(StoreError) -> Bool

    /// Deletes the account's passkey `id`; false when the account has no such passkey.
    func deletePasskey(accountID: Int64, id: Int64) throws(StoreError) -> Bool

    /// Deletes every passkey of the account; returns how many.
    @discardableResult func deletePasskeys(accountID: Int64) throws(StoreError) -> Int

    /// Stores a challenge under `key` (SHA-256 of the challenge), then deletes the challenges of
    /// the same binding but the newest `keepingPerBinding` (in the order they were stored), and
    /// every challenge whose expiry is at or before `now`.
    func insertPasskeyChallenge(key: [UInt8], _ challenge: PasskeyChallenge, keepingPerBinding: Int, now: Int64) throws(StoreError)

    /// Deletes the challenge under `key` and returns it (whatever its expiry), or nil when there
    /// was none: exactly one caller gets a challenge.
    func takePasskeyChallenge(key: [UInt8]) throws(StoreError) -> PasskeyChallenge?

    /// Deletes the challenges issued to the account (registration and re-authentication).
    func deletePasskeyChallenges(accountID: Int64) throws(StoreError)
}

/// A passkey as stored: what a registration proved (WebAuthn's credential record, §4) and what
/// the account's owner calls it.
public struct Passkey: Sendable, Hashable {
    /// The order of registration (0 before it is stored); the pages name a passkey by it.
    public let id: Int64
    public let accountID: Int64
    /// The credential id the authenticator chose (1 to 1,023 bytes), unique across every account.
    public let credentialID: [UInt8]
    /// The COSE public key's bytes, as the registration gave them.
    public let publicKey: [UInt8]
    /// The signature counter after the last accepted ceremony.
    public let signCount: UInt32
    /// BE: the passkey may be synced between devices (never changes).
    public let backupEligible: Bool
    /// BS: it is backed up (synced) now, as the last ceremony said.
    public let backedUp: Bool
    /// The authenticator model's AAGUID (16 bytes, all zero when withheld).
    public let aaguid: [UInt8]
    /// How the browser reached the authenticator ("internal", "hybrid", "usb"…).
    public let transports: [String]
    /// What the owner calls it (1 to `AccountStore.maximumPasskeyNameLength` characters).
    public let name: String
    public let createdAt: Int64
    public let lastUsedAt: Int64?

    public init(
        id: Int64 = 0, accountID: Int64, credentialID: [UInt8], publicKey: [UInt8], signCount: UInt32, backupEligible: Bool,
        backedUp: Bool, aaguid: [UInt8], transports: [String], name: String, createdAt: Int64, lastUsedAt: Int64? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.aaguid = aaguid
        self.transports = transports
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    /// Whether it lives in one authenticator only (not backup eligible): a counter that goes
    /// backwards then means a clone.
    public var isDeviceBound: Bool { !backupEligible }
}

/// What a challenge was issued for.
public enum PasskeyCeremony: String, Sendable, Hashable, CaseIterable {
    /// Adding a passkey to the signed-in account.
    case registration
    /// Signing in with a passkey, from the sign-in page.
    case signIn = "sign-in"
    /// A signed-in account's passkey standing in for the current password.
    case reauthentication
}

/// A challenge issued for a ceremony, as stored (the challenge itself only as the key's hash).
public struct PasskeyChallenge: Sendable, Hashable {
    /// Nil for a ceremony this version does not know (a newer Genkan wrote it).
    public let ceremony: PasskeyCeremony?
    /// SHA-256 of what the challenge is bound to: the visitor's pre-session for a sign-in, the
    /// session for the others.
    public let bindingHash: [UInt8]
    /// The account a registration or re-authentication is for; nil for a sign-in.
    public let accountID: Int64?
    public let createdAt: Int64
    public let expiresAt: Int64

    public init(ceremony: PasskeyCeremony?, bindingHash: [UInt8], accountID: Int64?, createdAt: Int64, expiresAt: Int64) {
        self.ceremony = ceremony
        self.bindingHash = bindingHash
        self.accountID = accountID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
