private import COpenSSL

extension TOTP {
    /// HMAC-SHA-1 of `message` under `key` (RFC 2104), through OpenSSL's `HMAC`.
    static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        precondition(key.count <= Int(Int32.max), "a TOTP secret is a few dozen bytes")
        return [UInt8](unsafeUninitializedCapacity: 20) { mac, initialized in
            // Fails only when OpenSSL cannot allocate, as Swift's own allocations trap then.
            let status = COpenSSL_hmac_sha1(key, key.count, message, message.count, mac.baseAddress)
            precondition(status == COpenSSL_ok, "OpenSSL could not compute an HMAC")
            initialized = 20
        }
    }
}
