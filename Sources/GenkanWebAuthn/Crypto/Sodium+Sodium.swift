private import CSodium

/// libsodium's initialization and constant-time comparison, and the one place GenkanWebAuthn
/// reads a libsodium return code.
enum Sodium {
    /// `sodium_init` is idempotent and thread-safe; this makes sure it ran before any use.
    ///
    /// The random generator is chosen first, as GenkanStore chooses it (libsodium's internal
    /// one), so a process that loads both modules gets the same generator whichever starts first.
    static let ready: Bool = {
        _ = CSodium_useInternalRandom()
        return sodium_init() >= 0
    }()

    /// Whether a libsodium call returned success (0).
    static func succeeded(_ status: Int32) -> Bool {
        precondition(ready, "libsodium did not initialize")
        return status == 0
    }

    /// Whether `a` and `b` are equal, in time that depends only on their lengths (`sodium_memcmp`):
    /// challenges are compared so that timing tells an attacker nothing about the expected one.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return succeeded(sodium_memcmp(a, b, a.count))
    }
}
