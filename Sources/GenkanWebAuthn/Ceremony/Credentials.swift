/// A credential a registration made, checked and ready to store.
public struct RegisteredCredential: Sendable, Equatable {
    /// The credential id: store it and look the credential up by it (unique across all accounts;
    /// refuse a registration whose id another account already has, WebAuthn §7.1 step 26).
    public let id: [UInt8]
    /// The public key; store `publicKey.bytes` and read it back with `COSEKey(bytes:)`.
    public let publicKey: COSEKey
    /// The signature counter at registration.
    public let signCount: UInt32
    /// The authenticator model's AAGUID (all zero when withheld); `aaguid.authenticator` names it.
    public let aaguid: AAGUID
    /// BE: whether the credential may be synced between devices. Store it: it never changes.
    public let backupEligible: Bool
    /// BS: whether it is backed up now. Store it: each assertion reports it again.
    public let backedUp: Bool
    /// UV: whether the user was verified at registration.
    public let userVerified: Bool
    /// The transports the browser reported, to list in `excludeCredentials` and `allowCredentials`.
    public let transports: [String]
    /// The attestation format that was verified ("none" or "packed").
    public let attestationFormat: String
}

/// What a relying party stored about a credential, to check an assertion against.
public struct StoredCredential: Sendable, Equatable {
    public var id: [UInt8]
    /// The COSE key's bytes, as `RegisteredCredential.publicKey.bytes` gave them.
    public var publicKey: [UInt8]
    /// The counter after the last accepted ceremony.
    public var signCount: UInt32
    /// BE as registered.
    public var backupEligible: Bool
    /// The user handle (`user.id`) the credential was made for; when given, an assertion that
    /// returns another user handle is refused.
    public var userHandle: [UInt8]?

    public init(id: [UInt8], publicKey: [UInt8], signCount: UInt32, backupEligible: Bool, userHandle: [UInt8]? = nil) {
        self.id = id
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.userHandle = userHandle
    }

    /// The record of a credential just registered for the user handle `userHandle`.
    public init(_ credential: RegisteredCredential, userHandle: [UInt8]?) {
        self.init(
            id: credential.id, publicKey: credential.publicKey.bytes, signCount: credential.signCount,
            backupEligible: credential.backupEligible, userHandle: userHandle)
    }
}

/// A synced credential whose counter did not increase: accepted, and worth a line in the
/// security log (synced passkeys share one key between devices, whose counters may not agree).
public struct CounterAnomaly: Sendable, Equatable {
    public let stored: UInt32
    public let received: UInt32

    public init(stored: UInt32, received: UInt32) {
        self.stored = stored
        self.received = received
    }
}

/// What an accepted assertion tells the relying party to record.
public struct AssertionResult: Sendable, Equatable {
    public let credentialID: [UInt8]
    /// The counter to store: the received one when it increased, else the stored one.
    public let signCount: UInt32
    /// Set when a synced credential's counter did not increase (a device-bound one is refused).
    public let counterAnomaly: CounterAnomaly?
    /// UV: whether the user was verified.
    public let userVerified: Bool
    /// BE, as registered.
    public let backupEligible: Bool
    /// BS now: store it (a passkey can become backed up after registration).
    public let backedUp: Bool
    /// The user handle the authenticator returned, when it returned one.
    public let userHandle: [UInt8]?
}
