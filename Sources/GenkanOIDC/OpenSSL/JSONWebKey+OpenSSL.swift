private import COpenSSL

extension JSONWebKey {
    /// Checks a JWS signature made with this key: RS256 for an RSA key, ES256 for a P-256 key.
    ///
    /// - Throws: `.signatureMismatch`, or `.invalidKey` when the algorithm does not fit the key.
    func verify(signingInput: [UInt8], signature: [UInt8], algorithm: SignatureAlgorithm) throws(CryptoFailure) {
        switch (material, algorithm) {
        case (.rsa(let modulus, let exponent), .rs256):
            try OpenSSL.check(
                COpenSSL_verify_rs256(
                    modulus, modulus.count, exponent, exponent.count, signingInput, signingInput.count, signature, signature.count
                ).rawValue)
        case (.p256(let x, let y), .es256):
            try OpenSSL.check(COpenSSL_verify_es256(x, y, signingInput, signingInput.count, signature, signature.count).rawValue)
        default:
            throw .invalidKey
        }
    }
}
