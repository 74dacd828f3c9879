private import CSodium

/// libsodium's one-time initialization, and the one place its return codes are checked.
enum Sodium {
    /// `sodium_init` is idempotent and thread-safe; this makes sure it ran before any use.
    static let ready: Bool = sodium_init() >= 0

    static func check(_ status: Int32, _ what: String) throws(StoreError) {
        guard status == 0 else { throw StoreError(.hashing, "\(what) failed") }
    }
}
