/// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser in
/// which an account signed in keeps a signed note saying so, and the sign-in limits treat it as
/// the owner's: guesses from elsewhere that lock the account do not lock it, and its sign-ins are
/// served first when the hashing queue is busy.
///
/// The cookie holds up to `maximumEntries` entries, newest first, each `DEVICE.EPOCH.MAC`: a random
/// id, a tag of the account's credentials as they were at that sign-in (`epoch(of:)`: the account's
/// id and creation, and `valid_since`, which every password change or reset, address recovery and
/// "sign out everywhere" moves), and an HMAC-SHA-256 of the three with the address's limit key
/// (`SignInThrottle.accountKey`), under a server secret. It names no account, proves that this
/// browser signed in to that account once, and cannot be made for another account. Checking the
/// MAC needs only the address (the loop does it, to choose the queue); checking the epoch needs the
/// account (the sign-in's job does it): an entry from before a password change, or from a deleted
/// account whose address has a new one, no longer makes the browser the owner's.
public struct KnownDevices: Sendable {
    /// How many accounts one browser is remembered for.
    public static let maximumEntries = 4
    /// How long a browser is remembered after its last sign-in, in seconds.
    public static let lifetime: Int64 = 400 * 86_400

    private let key: HMACKey

    /// - Parameter secret: the server's `devices` secret (`AccountStore.secret(named:)`), the same
    ///   for every server on the database.
    public init(secret: [UInt8]) {
        precondition(secret.count >= 32, "a device secret needs at least 256 bits")
        key = HMACKey(secret)
    }

    /// The entry of the cookie for the address with limit key `accountKey` (its MAC checked, in
    /// constant time per entry), or nil when it has none, or it was not made here.
    public func device(in cookie: String?, accountKey: String) -> KnownDevice? {
        guard let cookie, cookie.utf8.count <= 512 else { return nil }
        for entry in cookie.split(separator: "~").prefix(Self.maximumEntries) {
            let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].utf8.count == 22, parts[1].utf8.count == 8, parts[2].utf8.count == 22 else { continue }
            let device = KnownDevice(id: String(parts[0]), epoch: String(parts[1]))
            if Secret.constantTimeEqual(Array(parts[2].utf8), Array(mac(device, accountKey).utf8)) { return device }
        }
        return nil
    }

    /// Whether `device` was remembered for `account` as its credentials are now: the same account
    /// (not an earlier one with its address) and no credential change since.
    public func isCurrent(_ device: KnownDevice, for account: Account) -> Bool {
        Secret.constantTimeEqual(Array(device.epoch.utf8), Array(epoch(of: account).utf8))
    }

    /// The cookie after a sign-in to `account`, whose address has the limit key `accountKey`: its
    /// entry first (keeping the device id it had, so the device's limit stays its own) with the
    /// account's current epoch, then the others, at most `maximumEntries`.
    public func cookie(adding account: Account, accountKey: String, to cookie: String?) -> String {
        let id = self.device(in: cookie, accountKey: accountKey)?.id ?? String(Secret.base64URL(Secret.randomBytes(16)))
        let device = KnownDevice(id: id, epoch: epoch(of: account))
        let entry = device.id + "." + device.epoch + "." + mac(device, accountKey)
        let others = (cookie ?? "").split(separator: "~").map(String.init)
            .filter { !$0.hasPrefix(id + ".") && $0.utf8.count == Self.entryLength }
        return ([entry] + others).prefix(Self.maximumEntries).joined(separator: "~")
    }

    /// 22 + 1 + 8 + 1 + 22.
    private static let entryLength = 54
    private static let domain = Array("genkan-device-v2:".utf8)
    private static let epochDomain = Array("genkan-device-epoch-v2:".utf8)

    /// 6 bytes of a keyed hash of what identifies the account's credentials now.
    func epoch(of account: Account) -> String {
        let tag = "\(account.id):\(account.createdAt):\(account.validSince ?? 0)"
        return Secret.base64URL(Array(key.mac(Self.epochDomain, Array(tag.utf8)).prefix(6)))
    }

    private func mac(_ device: KnownDevice, _ accountKey: String) -> String {
        Secret.base64URL(Array(key.mac(Self.domain, Array((accountKey + ":" + device.id + ":" + device.epoch).utf8)).prefix(16)))
    }
}

/// One entry of a device cookie, its MAC checked: the browser's id for the account and the epoch of
/// the account's credentials it was remembered at.
public struct KnownDevice: Sendable, Hashable {
    public let id: String
    public let epoch: String
}
