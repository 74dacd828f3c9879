private import CSodium

extension COSEKey {
    /// Refuses 32 bytes that are not a usable Ed25519 public key (`crypto_core_ed25519_is_valid_point`:
    /// on the curve, in the main subgroup, not of small order, canonically encoded).
    static func checkEd25519(_ key: [UInt8]) throws(WebAuthnFailure) {
        precondition(Sodium.ready, "libsodium did not initialize")
        guard key.count == Int(crypto_sign_publickeybytes()), crypto_core_ed25519_is_valid_point(key) == 1 else {
            throw WebAuthnFailure(.invalidKey, "32 bytes that are not an Ed25519 public key")
        }
    }

    /// Ed25519 (`crypto_sign_verify_detached`, which also refuses non-canonical signatures).
    static func verifyEd25519(key: [UInt8], signature: [UInt8], message: [UInt8]) throws(WebAuthnFailure) {
        guard signature.count == Int(crypto_sign_bytes()), key.count == Int(crypto_sign_publickeybytes()),
            Sodium.succeeded(crypto_sign_verify_detached(signature, message, UInt64(message.count), key))
        else { throw WebAuthnFailure(.signatureInvalid, "the Ed25519 signature does not verify") }
    }
}
