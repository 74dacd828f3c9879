/// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser in
/// which an account signed in keeps a signed note saying so, and the sign-in limits treat it as
/// the owner's: guesses from elsewhere that lock the account do not lock it, and its sign-ins are
/// served first when the hashing queue is busy.
///
/// The cookie holds up to `maximumEntries` entries, newest first, each `DEVICE.MAC`: a random id
/// and an HMAC-SHA-256 of it with the account's limit key (`SignInThrottle.accountKey`), under a
/// server secret. It names no account (the MAC binds it to one without saying which), proves only
/// that this browser signed in to that account once, and cannot be made for another account.
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

    /// The device id of the cookie's entry for the account with limit key `accountKey`, or nil
    /// when it has none (or the cookie was not made here). Constant time per entry.
    public func device(in cookie: String?, accountKey: String) -> String? {
        guard let cookie, cookie.utf8.count <= 512 else { return nil }
        for entry in cookie.split(separator: "~").prefix(Self.maximumEntries) {
            let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].utf8.count == 22, parts[1].utf8.count == 22 else { continue }
            let device = String(parts[0])
            if Secret.constantTimeEqual(Array(parts[1].utf8), Array(mac(device, accountKey).utf8)) { return device }
        }
        return nil
    }

    /// The cookie after a sign-in to the account with limit key `accountKey`: its entry first
    /// (keeping the device id it had, so the device's limit stays its own), then the others, at
    /// most `maximumEntries`.
    public func cookie(adding accountKey: String, to cookie: String?) -> String {
        let device = self.device(in: cookie, accountKey: accountKey) ?? String(Secret.base64URL(Secret.randomBytes(16)))
        let entry = device + "." + mac(device, accountKey)
        let others = (cookie ?? "").split(separator: "~").map(String.init).filter { !$0.hasPrefix(device + ".") && $0.utf8.count == 45 }
        return ([entry] + others).prefix(Self.maximumEntries).joined(separator: "~")
    }

    private static let domain = Array("genkan-device-v1:".utf8)

    private func mac(_ device: String, _ accountKey: String) -> String {
        Secret.base64URL(Array(key.mac(Self.domain, Array((accountKey + ":" + device).utf8)).prefix(16)))
    }
}
