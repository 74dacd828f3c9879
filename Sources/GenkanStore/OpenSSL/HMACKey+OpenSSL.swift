private import COpenSSL

/// An HMAC-SHA-256 key whose inner and outer padded blocks are hashed once, when it is made. Each
/// `mac` then copies those states and hashes only the message: two SHA-256 compressions fewer than
/// keying anew. OpenSSL rather than libsodium because its SHA-256 uses the CPU's SHA extensions: a
/// page's CSRF token (a new visitor gets one with every form) costs a fifth as much (`hmac.c`).
final class HMACKey: @unchecked Sendable {
    // Made in init and only copied afterwards (COpenSSL_hmac_sha256 may run on several threads
    // at once): no lock needed.
    private let key: OpaquePointer

    init(_ key: [UInt8]) {
        var made: OpaquePointer?
        // Fails only when OpenSSL cannot allocate, as Swift's own allocations trap then.
        precondition(COpenSSL_hmac_key_new(key, key.count, &made) == COpenSSL_ok, "OpenSSL could not make an HMAC key")
        self.key = made!
    }

    deinit {
        COpenSSL_hmac_key_free(key)
    }

    /// HMAC-SHA-256 (RFC 2104) of `domain` followed by `message` under the key.
    func mac(_ domain: [UInt8], _ message: [UInt8] = []) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { mac, initialized in
            let status = COpenSSL_hmac_sha256(key, domain, domain.count, message, message.count, mac.baseAddress)
            precondition(status == COpenSSL_ok, "OpenSSL could not compute an HMAC")
            initialized = 32
        }
    }
}
