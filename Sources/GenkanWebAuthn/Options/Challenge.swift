/// Challenges for WebAuthn ceremonies: random, single use, issued by the relying party.
public enum Challenge {
    /// Bytes in a challenge: 32, twice WebAuthn's minimum of 16 (§13.4.3).
    public static let length = 32

    /// A new challenge from OpenSSL's CSPRNG. Store it where every server sees it, bound to the
    /// visitor's pre-session, for a few minutes, and spend it on first use.
    public static func random() -> [UInt8] { OpenSSL.randomBytes(length) }
}
