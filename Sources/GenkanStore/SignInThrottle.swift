/// How many wrong passwords the sign-in limits allow (NIST SP 800-63B-4 §3.2.2).
public struct SignInLimits: Sendable, Hashable {
    /// Wrong passwords from one client address, whatever the account (password spraying).
    public var perAddress: LimitRule
    /// Wrong passwords from one client address on one account: what stops one address from
    /// reaching `consecutivePerAccount` soon.
    public var perAddressAndAccount: LimitRule
    /// Wrong passwords in a row on one account, from anywhere, after which only a new password
    /// (the e-mailed reset, or a change from a signed-in device) opens it. NIST caps it at 100.
    public var consecutivePerAccount: Int
    /// How fast the count of an address that has no account drains (its row must not stay
    /// forever, and nothing there can be guessed).
    public var unknownAccountRefillPerMinute: Double
    /// Wrong passwords from a browser the account has signed in from before (a device cookie,
    /// OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): such a browser is not held
    /// by `consecutivePerAccount`, so strangers' guessing cannot lock the owner out of it, and
    /// has this small limit of its own instead.
    public var perKnownDevice: LimitRule
    /// How many of the account's known browsers may start failing: each browser that fails for the
    /// first time in a while takes one. Past it, known browsers count against the account as any
    /// other does, so someone holding many device ids (a browser farm that once had the password)
    /// cannot multiply `perKnownDevice` past `consecutivePerAccount`.
    public var failingDevicesPerAccount: LimitRule

    /// 30 wrong passwords at once then 10 a minute per client address; 10 then 6 an hour per
    /// address on one account; 100 in a row per account; an unknown address forgets 4 an hour;
    /// 10 then 6 an hour per known browser; 5 known browsers failing, then 5 a day.
    public static let standard = SignInLimits(
        perAddress: LimitRule(capacity: 30, refillPerMinute: 10),
        perAddressAndAccount: LimitRule(capacity: 10, refillPerMinute: 0.1),
        consecutivePerAccount: 100, unknownAccountRefillPerMinute: 4.0 / 60,
        perKnownDevice: LimitRule(capacity: 10, refillPerMinute: 0.1))

    public init(
        perAddress: LimitRule, perAddressAndAccount: LimitRule, consecutivePerAccount: Int, unknownAccountRefillPerMinute: Double,
        perKnownDevice: LimitRule = LimitRule(capacity: 10, refillPerMinute: 0.1),
        failingDevicesPerAccount: LimitRule = LimitRule(capacity: 5, refillPerMinute: 5.0 / 1440)
    ) {
        self.perAddress = perAddress
        self.perAddressAndAccount = perAddressAndAccount
        self.consecutivePerAccount = consecutivePerAccount
        self.unknownAccountRefillPerMinute = unknownAccountRefillPerMinute
        self.perKnownDevice = perKnownDevice
        self.failingDevicesPerAccount = failingDevicesPerAccount
    }
}

/// Why a password was not even checked.
public enum SignInRefusal: Error, Sendable, Hashable {
    /// Too many wrong passwords from this client address: wait.
    case address(retryAfter: Int)
    /// Too many wrong passwords from this client address on this account: wait (or sign in from
    /// elsewhere: other addresses are not held back).
    case addressOnAccount(retryAfter: Int)
    /// The account reached its count of wrong passwords in a row: only a new password opens it
    /// (or a browser it signed in from before).
    case accountLocked
    /// Too many wrong passwords from this browser, which the account signed in from before: wait.
    case knownDevice(retryAfter: Int)

    /// Seconds to wait, nil when waiting does not help.
    public var retryAfter: Int? {
        switch self {
        case .address(let seconds), .addressOnAccount(let seconds), .knownDevice(let seconds): seconds
        case .accountLocked: nil
        }
    }

    /// A stable name for the log.
    public var reason: String {
        switch self {
        case .address: "address"
        case .addressOnAccount: "address-on-account"
        case .accountLocked: "account-locked"
        case .knownDevice: "known-device"
        }
    }
}

/// One password check someone asks for: from which client (its limit key: an IPv4 address or
/// an IPv6 /64) and for which e-mail address (normalized, whether or not it has an account).
public struct SignInAttempt: Sendable, Hashable {
    public let client: String
    public let email: String
    /// The browser's id for the account when the account signed in from it before and nothing
    /// changed its credentials since (`KnownDevices.isCurrent`), or when it is the account's own
    /// signed-in browser confirming a form (its session): its own limit instead of the account's.
    public let knownDevice: String?
    /// The epoch of the account's credentials the known browser was remembered at
    /// (`KnownDevices`): the cap of failing browsers counts those of one epoch, so a password change
    /// starts it again. Nil for the owner's signed-in browser (a session of the account, confirming
    /// a form with the password), to which the cap does not apply.
    public let epoch: String?

    public init(client: String, email: String, knownDevice: String? = nil, epoch: String? = nil) {
        self.client = client
        self.email = email
        self.knownDevice = knownDevice
        self.epoch = epoch
    }
}

/// The sign-in limits, in the database: consulted before a password is hashed, told the outcome
/// after. Sign-in and every re-authentication go through it.
///
/// Wrong passwords count three ways: per client address, per client address on the account, and
/// per account in a row. Only wrong passwords count, so a shared address signs in as often as its
/// users get their passwords right; a right password clears the account's count and its own
/// address's count on the account (not other addresses'); a new password clears the account's
/// count. The account's count lives on its row (`accounts.failed_sign_ins`); an address without
/// an account has the same count in `rate_limits`, so both answer alike, and it drains. No key
/// holds an e-mail address: accounts are named by a keyed hash (`secrets.limits`).
///
/// ```swift
/// let result = throttle.guarded(SignInAttempt(client: "192.0.2.7", email: email), in: store) {
///     authenticator.signIn(email: email, password: password, in: store)
/// }
/// ```
public struct SignInThrottle: Sendable {
    public let limits: SignInLimits
    private let key: HMACKey

    /// - Parameter secret: the server's `limits` secret (`AccountStore.secret(named:)`), the same
    ///   for every server on the file.
    public init(limits: SignInLimits, secret: [UInt8]) {
        precondition(secret.count >= 32, "a limits secret needs at least 256 bits")
        self.limits = limits
        key = HMACKey(secret)
    }

    /// What the check before the password found, for the record after it.
    public struct Admission: Sendable {
        let attempt: SignInAttempt
        let accountHash: String
        let accountID: Int64?
        let accountFailures: Int
        let pairLevel: Double
        let deviceLevel: Double
        /// The known browser the attempt counts under; nil when it has none, or the account's cap
        /// of failing browsers is reached.
        let device: String?
    }

    var addressLimit: StoredLimit { StoredLimit("sign-in.address", limits.perAddress) }
    var pairLimit: StoredLimit { StoredLimit("sign-in.address-account", limits.perAddressAndAccount) }
    var deviceLimit: StoredLimit { StoredLimit("sign-in.device", limits.perKnownDevice) }
    var failingDevicesLimit: StoredLimit { StoredLimit("sign-in.failing-devices", limits.failingDevicesPerAccount) }
    var unknownAccountLimit: StoredLimit {
        StoredLimit(
            "sign-in.unknown-account",
            LimitRule(capacity: Double(limits.consecutivePerAccount), refillPerMinute: limits.unknownAccountRefillPerMinute))
    }

    /// Whether the password may be checked; reads only.
    func admit(_ attempt: SignInAttempt, in store: AccountStore) throws(StoreError) -> Result<Admission, SignInRefusal> {
        let emailKey = AccountStore.emailKey(attempt.email)
        let accountHash = hash(emailKey)
        let account = try store.storage.failedSignIns(emailKey: emailKey)
        var deviceLevel = 0.0
        var device = attempt.knownDevice
        if let known = device {
            // A browser the account signed in from before is held by its own limit, not by the
            // account's count, which anyone can run up.
            deviceLevel = try store.limitLevel(deviceLimit, key: Self.deviceKey(known, accountHash))
            let wait = deviceLimit.rule.wait(at: deviceLevel)
            if wait != 0 { return .failure(.knownDevice(retryAfter: LimitDecision.refused(wait).retryAfter)) }
            // A browser that has not failed lately starts its own count only while the account's
            // cap of failing browsers allows; past it, it counts as any browser does. The owner's
            // signed-in browser is never held: a session is the account's own, right now.
            if deviceLevel == 0, let epoch = attempt.epoch,
                !(try store.peekLimit(failingDevicesLimit, key: accountHash + " " + epoch).allowed)
            {
                device = nil
            }
        }
        if device == nil {
            if let account {
                if account.failures >= limits.consecutivePerAccount { return .failure(.accountLocked) }
            } else if !(try store.peekLimit(unknownAccountLimit, key: accountHash).allowed) {
                return .failure(.accountLocked)
            }
        }
        let pairKey = accountHash + " " + attempt.client
        let pairLevel = try store.limitLevel(pairLimit, key: pairKey)
        let pairWait = pairLimit.rule.wait(at: pairLevel)
        if pairWait != 0 { return .failure(.addressOnAccount(retryAfter: LimitDecision.refused(pairWait).retryAfter)) }
        let address = try store.peekLimit(addressLimit, key: attempt.client)
        if !address.allowed { return .failure(.address(retryAfter: address.retryAfter)) }
        return .success(
            Admission(
                attempt: attempt, accountHash: accountHash, accountID: account?.accountID, accountFailures: account?.failures ?? 0,
                pairLevel: pairLevel, deviceLevel: device == nil ? 0 : deviceLevel, device: device))
    }

    /// Counts a wrong password three ways, in one transaction that does not wait for the disk.
    func recordFailure(_ admission: Admission, in store: AccountStore) throws(StoreError) {
        try store.withoutWaitingForDisk { () throws(StoreError) in
            try store.addToLimit(addressLimit, key: admission.attempt.client)
            try store.addToLimit(pairLimit, key: admission.accountHash + " " + admission.attempt.client)
            if let device = admission.device {
                try store.addToLimit(deviceLimit, key: Self.deviceKey(device, admission.accountHash))
                if admission.deviceLevel == 0, let epoch = admission.attempt.epoch {
                    try store.addToLimit(failingDevicesLimit, key: admission.accountHash + " " + epoch)
                }
            } else if let id = admission.accountID {
                try store.storage.addFailedSignIn(accountID: id)
            } else {
                try store.addToLimit(unknownAccountLimit, key: admission.accountHash)
            }
        }
    }

    /// A right password: the account's count and this address's count on it start again. Writes
    /// only when there was something to clear.
    func recordSuccess(_ admission: Admission, in store: AccountStore) throws(StoreError) {
        guard admission.accountFailures > 0 || admission.pairLevel > 0 || admission.deviceLevel > 0 else { return }
        try store.withoutWaitingForDisk { () throws(StoreError) in
            if let id = admission.accountID, admission.accountFailures > 0 { try store.storage.clearFailedSignIns(accountID: id) }
            if admission.pairLevel > 0 { try store.clearLimit(pairLimit, key: admission.accountHash + " " + admission.attempt.client) }
            if let device = admission.device, admission.deviceLevel > 0 {
                try store.clearLimit(deviceLimit, key: Self.deviceKey(device, admission.accountHash))
            }
        }
    }

    /// `check` (a sign-in or a re-authentication, which answers `.invalidCredential` for a wrong
    /// password) behind the limits: `.throttled` without running it when a limit refuses, else
    /// its result, recorded.
    public func guarded<T>(
        _ attempt: SignInAttempt, in core: Authenticator, _ check: () -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        let store = core.store
        do {
            let admission: Admission
            switch try admit(attempt, in: store) {
            case .failure(let refusal): return .failure(.throttled(refusal))
            case .success(let admitted): admission = admitted
            }
            let result = check()
            switch result {
            case .success: try recordSuccess(admission, in: store)
            case .failure(.invalidCredential): try recordFailure(admission, in: store)
            case .failure: break
            }
            return result
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// The key an e-mail address (known or not) has in `rate_limits`, for limits per address: a
    /// keyed hash of its comparison key, so the table never holds an address and every spelling
    /// of one shares its buckets.
    public func accountKey(email: String) -> String {
        hash(AccountStore.emailKey(email))
    }

    /// A name for an e-mail address in the operator's log: 12 hex digits of a keyed hash of its
    /// comparison key, the same for every spelling and every server on the file, and not the
    /// hash the limits are kept under.
    public func logTag(email: String) -> String {
        String(Secret.hex(key.mac(Self.logDomain, Array(AccountStore.emailKey(email).utf8))).prefix(12))
    }

    /// The key of a known device's bucket: the device's id on this account.
    static func deviceKey(_ device: String, _ accountHash: String) -> String { accountHash + " " + device }

    private static let domain = Array("genkan-limits-v1:".utf8)
    private static let logDomain = Array("genkan-log-v1:".utf8)

    private func hash(_ emailKey: String) -> String {
        String(Secret.hex(key.mac(Self.domain, Array(emailKey.utf8))).prefix(32))
    }
}
