private import COpenSSL

extension COSEKey {
    /// Refuses a point that is not on P-256 (`COpenSSL_check_p256_key`): an invalid-curve point
    /// could make a forged signature verify.
    static func checkP256(x: [UInt8], y: [UInt8]) throws(WebAuthnFailure) {
        try OpenSSL.check(COpenSSL_check_p256_key(x, y).rawValue)
    }

    /// Refuses an RSA key OpenSSL would not build (`COpenSSL_check_rsa_key`).
    static func checkRSA(modulus: [UInt8], exponent: [UInt8]) throws(WebAuthnFailure) {
        try OpenSSL.check(COpenSSL_check_rsa_key(modulus, modulus.count, exponent, exponent.count).rawValue)
    }

    /// ES256 with a DER signature (`COpenSSL_verify_es256_der`).
    static func verifyES256(x: [UInt8], y: [UInt8], signature: [UInt8], message: [UInt8]) throws(WebAuthnFailure) {
        try OpenSSL.check(COpenSSL_verify_es256_der(x, y, message, message.count, signature, signature.count).rawValue)
    }

    /// RS256, RSASSA-PKCS1-v1_5 with SHA-256 (`COpenSSL_verify_rs256`).
    static func verifyRS256(modulus: [UInt8], exponent: [UInt8], signature: [UInt8], message: [UInt8]) throws(WebAuthnFailure) {
        try OpenSSL.check(
            COpenSSL_verify_rs256(modulus, modulus.count, exponent, exponent.count, message, message.count, signature, signature.count)
                .rawValue)
    }
}
