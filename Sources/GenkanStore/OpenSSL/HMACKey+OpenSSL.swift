private import CSodium

/// An HMAC-SHA-256 key whose inner and outer padded blocks are hashed once, when it is made
/// (`crypto_auth_hmacsha256_init`). Each `mac` then copies that state and hashes only the
/// message: two SHA-256 compressions fewer than keying anew, which is most of the cost of a
/// page's CSRF token.
final class HMACKey: @unchecked Sendable {
    // Written once in init and only read (copied) afterwards, from any thread: no lock needed.
    // Allocated, so its address is stable for C.
    private let keyed: UnsafeMutablePointer<crypto_auth_hmacsha256_state>

    init(_ key: [UInt8]) {
        precondition(Sodium.ready)
        keyed = .allocate(capacity: 1)
        keyed.initialize(to: crypto_auth_hmacsha256_state())
        crypto_auth_hmacsha256_init(keyed, key, key.count)
    }

    deinit {
        sodium_memzero(keyed, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        keyed.deallocate()
    }

    /// HMAC-SHA-256 (RFC 2104) of the concatenated `parts` under the key.
    func mac(_ parts: [UInt8]...) -> [UInt8] {
        var state = keyed.pointee
        var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_bytes()))
        for part in parts { crypto_auth_hmacsha256_update(&state, part, UInt64(part.count)) }
        crypto_auth_hmacsha256_final(&state, &mac)
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        return mac
    }
}
