/// Time-based one-time passwords as RFC 6238 defines them, with the parameters every
/// authenticator app reads from an `otpauth://` URI by default: HMAC-SHA-1, 6 digits, 30 seconds,
/// counted from the Unix epoch.
///
/// ```swift
/// let totp = TOTP(secret: secret)
/// switch totp.check("287082", at: now, lastUsedStep: stored) {
/// case .accepted(let step): store(step)     // the code works once
/// case .reused, .wrong: refuse()
/// }
/// ```
public struct TOTP: Sendable {
    /// Digits in a code (RFC 4226 §5.3 asks for at least 6).
    public static let digits = 6
    /// Seconds in a time step (RFC 6238 §5.2 recommends 30).
    public static let period: Int64 = 30
    /// Steps accepted on either side of the current one, for clocks that drift and for the seconds
    /// a person takes to type (RFC 6238 §5.2 recommends at most one).
    public static let skew: Int64 = 1
    /// Bytes of a new secret: 160 bits, the length RFC 4226 §4 recommends (R6) and the output size
    /// of HMAC-SHA-1.
    public static let secretLength = 20

    /// The shared secret, as the authenticator app holds it (the bytes the base32 text decodes to).
    public let secret: [UInt8]

    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new random secret of `secretLength` bytes.
    public static func newSecret() -> [UInt8] {
        Secret.randomBytes(secretLength)
    }

    /// The time step `seconds` after the epoch falls in (RFC 6238 §4.2: T = floor((now − T0) / X)).
    public static func step(at seconds: Int64) -> Int64 {
        seconds >= 0 ? seconds / period : (seconds - period + 1) / period
    }

    /// The HOTP value of counter `step` (RFC 4226 §5.3: dynamic truncation of the HMAC), as
    /// `digits` decimal digits with leading zeros.
    public func code(step: Int64, digits: Int = TOTP.digits) -> String {
        precondition((1...9).contains(digits), "HOTP yields at most 9 digits from 31 bits")
        var counter = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { counter[index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> (56 - 8 * UInt64(index))) }
        let mac = Self.hmacSHA1(key: secret, message: counter)
        // §5.4: the low four bits of the last byte choose where the 31-bit number starts.
        let offset = Int(mac[19] & 0x0f)
        let number = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(number % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// What a typed code is worth at a moment.
    public enum Verdict: Sendable, Equatable {
        /// The code of this step, which had not been used: store it as the last used step.
        case accepted(step: Int64)
        /// The code of a step already used (or earlier): a code works once (RFC 6238 §5.2).
        case reused
        /// The code of no step within the window.
        case wrong
    }

    /// Checks `code` (exactly `digits` ASCII digits) against the steps around `seconds`, refusing
    /// a step at or before `lastUsedStep`.
    ///
    /// Every step of the window is computed and compared in constant time, whichever matches, so
    /// the time taken says nothing about which one did.
    public func check(_ code: String, at seconds: Int64, lastUsedStep: Int64?) -> Verdict {
        let typed = Array(code.utf8)
        guard typed.count == Self.digits, typed.allSatisfy({ (0x30...0x39).contains($0) }) else { return .wrong }
        let now = Self.step(at: seconds)
        var matched: Int64?
        for step in (now - Self.skew)...(now + Self.skew) {
            // Keep the latest matching step: with a secret that repeats a code within the window
            // (one chance in a million), the later step is the one to spend.
            if Secret.constantTimeEqual(Array(self.code(step: step).utf8), typed) { matched = step }
        }
        guard let matched else { return .wrong }
        if let lastUsedStep, matched <= lastUsedStep { return .reused }
        return .accepted(step: matched)
    }
}
