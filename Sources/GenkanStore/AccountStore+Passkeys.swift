import GenkanWebAuthn

/// The ways an account can be signed in to, which decide whether one may be removed.
public struct SignInMethods: Sendable, Hashable {
    public let hasPassword: Bool
    public let identities: [ProviderIdentity]
    public let passkeys: [Passkey]

    /// How many ways in the account has (the password counts as one).
    public var count: Int { (hasPassword ? 1 : 0) + identities.count + passkeys.count }
}

extension AccountStore {
    /// How long a challenge may wait for the browser's answer, in seconds: the time browsers give a
    /// ceremony (`WebAuthnPolicy.timeoutMilliseconds`, five minutes), and no more.
    public static let passkeyChallengeLifetime: Int64 = 300

    /// How many challenges one browser (or session) may have waiting; older ones are dropped, so
    /// a page that asks again and again fills no table.
    public static let passkeyChallengesPerBinding = 4

    /// The longest passkey name, in characters (Unicode scalars, as the table counts them).
    public static let maximumPasskeyNameLength = 64

    /// The SHA-256 a challenge binding is stored as.
    static func bindingHash(_ binding: String) -> [UInt8] { Secret.sha256(Array(binding.utf8)) }

    /// A new challenge for `ceremony`, bound to `binding` (a browser's pre-session, or a session),
    /// stored for `passkeyChallengeLifetime` seconds; the browser's oldest waiting challenges and
    /// every expired one go.
    ///
    /// Committed without waiting for the disk: a challenge lost to a power cut only makes its
    /// ceremony fail.
    func issuePasskeyChallenge(_ ceremony: PasskeyCeremony, binding: String, accountID: Int64? = nil) throws(StoreError) -> [UInt8] {
        let challenge = Challenge.random()
        let now = clock.now()
        let row = PasskeyChallenge(
            ceremony: ceremony, bindingHash: Self.bindingHash(binding), accountID: accountID, createdAt: now,
            expiresAt: now + Self.passkeyChallengeLifetime)
        try withoutWaitingForDisk { () throws(StoreError) in
            try storage.insertPasskeyChallenge(
                key: Secret.sha256(challenge), row, keepingPerBinding: Self.passkeyChallengesPerBinding, now: now)
        }
        return challenge
    }

    /// Takes the challenge a response's `clientDataJSON` names out of the store (it works once,
    /// whatever happens next) and returns it when it was issued for `ceremony`, to `binding`
    /// (compared in constant time) and, when given, for `accountID`, and has not expired.
    ///
    /// - Returns: the challenge's bytes, to hand the verifier, or nil: unknown, used, expired,
    ///   another ceremony's, another browser's or another account's.
    func takePasskeyChallenge(
        clientDataJSON: [UInt8], ceremony: PasskeyCeremony, binding: String, accountID: Int64? = nil
    ) throws(StoreError) -> [UInt8]? {
        guard let clientData = try? ClientData(bytes: clientDataJSON), clientData.challenge.count == Challenge.length else { return nil }
        guard let found = try storage.takePasskeyChallenge(key: Secret.sha256(clientData.challenge)) else { return nil }
        guard found.ceremony == ceremony, Secret.constantTimeEqual(found.bindingHash, Self.bindingHash(binding)),
            found.accountID == accountID, clock.now() < found.expiresAt
        else { return nil }
        return clientData.challenge
    }

    /// The account's user handle, made now (32 random bytes) if it has none.
    func passkeyUserHandle(accountID: Int64) throws(StoreError) -> [UInt8] {
        if let handle = try storage.userHandle(accountID: accountID) { return handle }
        let handle = Secret.randomBytes(32)
        try storage.insertUserHandle(accountID: accountID, handle)
        return handle
    }

    /// The account's passkeys, the oldest first.
    func passkeys(accountID: Int64) throws(StoreError) -> [Passkey] {
        try storage.passkeys(accountID: accountID)
    }

    /// Every way the account can be signed in to.
    func signInMethods(accountID: Int64) throws(StoreError) -> SignInMethods {
        SignInMethods(
            hasPassword: try storage.storedAccount(id: accountID)?.hasPassword ?? false,
            identities: try storage.identities(accountID: accountID), passkeys: try storage.passkeys(accountID: accountID))
    }

    /// `name` without surrounding white space, cut to `maximumPasskeyNameLength` characters
    /// without splitting a grapheme; nil when nothing is left.
    public static func passkeyName(_ name: String) -> String? {
        name.trimmed(cutTo: maximumPasskeyNameLength) { $0.unicodeScalars.count }
    }
}
