private import CSodium

/// libsodium's one-time initialization, and the one place its return codes are checked.
enum Sodium {
    /// `sodium_init` is idempotent and thread-safe; this makes sure it ran before any use.
    ///
    /// The random generator is libsodium's internal one (ChaCha20 keyed from `getrandom`, state per
    /// thread) rather than one `getrandom` system call per token: every page with a form needs
    /// fresh random bytes.
    static let ready: Bool = {
        _ = CSodium_useInternalRandom()
        return sodium_init() >= 0
    }()

    static func check(_ status: Int32, _ what: String) throws(StoreError) {
        guard status == 0 else { throw StoreError(.hashing, "\(what) failed") }
    }
}
