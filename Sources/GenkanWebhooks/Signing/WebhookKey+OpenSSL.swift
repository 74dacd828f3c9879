private import COpenSSL

/// The HMAC-SHA-256 key of a webhook secret, keyed once (`COpenSSL_hmac_key_new`, hmac.c) and used
/// by any number of threads at once; freed in `deinit`.
final class WebhookKey: @unchecked Sendable {
    // Made in init and only read afterwards (COpenSSL_hmac_sha256 copies its states): no lock.
    private let key: OpaquePointer

    init(_ bytes: [UInt8]) {
        var made: OpaquePointer?
        // Fails only when OpenSSL cannot allocate, as Swift's own allocations trap then.
        precondition(COpenSSL_hmac_key_new(bytes, bytes.count, &made) == COpenSSL_ok, "OpenSSL could not make an HMAC key")
        key = made!
    }

    deinit {
        COpenSSL_hmac_key_free(key)
    }

    /// HMAC-SHA-256 of `prefix` followed by `message`.
    func mac(_ prefix: [UInt8], _ message: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { mac, initialized in
            let status = COpenSSL_hmac_sha256(key, prefix, prefix.count, message, message.count, mac.baseAddress)
            precondition(status == COpenSSL_ok, "OpenSSL could not compute an HMAC")
            initialized = 32
        }
    }

    /// Whether two byte strings are equal, in time that depends only on their lengths
    /// (`CRYPTO_memcmp`).
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && COpenSSL_equal(a, b, a.count) == 1
    }
}
