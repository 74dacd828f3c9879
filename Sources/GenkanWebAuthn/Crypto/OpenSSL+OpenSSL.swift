private import COpenSSL

/// SHA-256 from libcrypto, and the one place GenkanWebAuthn reads a `COpenSSL_status`.
///
/// GenkanOIDC has a checker of its own for the same statuses: each module turns them into its
/// own failure type, as GenkanMail and GenkanHTTPClient each map libcurl's codes.
enum OpenSSL {
    /// Turns a status into a failure. Callers pass its raw value: `private import` keeps the C
    /// type inside each file that calls COpenSSL.
    static func check(_ status: UInt32) throws(WebAuthnFailure) {
        switch status {
        case COpenSSL_ok.rawValue: return
        case COpenSSL_signature_mismatch.rawValue, COpenSSL_invalid_input.rawValue:
            throw WebAuthnFailure(.signatureInvalid, "the signature does not verify")
        case COpenSSL_invalid_key.rawValue: throw WebAuthnFailure(.invalidKey, "the key's numbers make no usable key")
        default:
            var buffer = [CChar](repeating: 0, count: 256)
            COpenSSL_error_message(&buffer, buffer.count)
            let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw WebAuthnFailure(.cryptoLibrary, reason.isEmpty ? "OpenSSL failed without a reason" : reason)
        }
    }

    /// SHA-256 of `bytes` (32 bytes).
    static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        var digest = [UInt8](repeating: 0, count: 32)
        // EVP_Digest with SHA-256 fails only when memory runs out.
        let status = input.withUnsafeBufferPointer { COpenSSL_sha256($0.baseAddress, $0.count, &digest) }
        precondition(status == COpenSSL_ok, "SHA-256 failed")
        return digest
    }

    /// `count` bytes from OpenSSL's CSPRNG.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = COpenSSL_random(&bytes, count)
        precondition(status == COpenSSL_ok, "RAND_bytes failed: the random generator is not seeded")
        return bytes
    }
}
