private import COpenSSL

/// A P-256 private key in PEM (Apple's `.p8` key for its client secret), checked when made.
public struct ES256PrivateKey: Sendable {
    let pem: String
    /// The public point, for tests and for publishing the key.
    public let x: [UInt8]
    public let y: [UInt8]

    /// - Throws: `.invalidKey` when `pem` is not a P-256 private key (PKCS#8 or SEC 1, unencrypted).
    public init(pem: String) throws(CryptoFailure) {
        var x = [UInt8](repeating: 0, count: 32), y = [UInt8](repeating: 0, count: 32)
        try OpenSSL.check(COpenSSL_es256_public_key(pem, pem.utf8.count, &x, &y).rawValue)
        self.pem = pem
        self.x = x
        self.y = y
    }

    /// The JWS ES256 signature (r||s, 64 bytes) of `message`.
    public func sign(_ message: [UInt8]) throws(CryptoFailure) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: 64)
        try OpenSSL.check(COpenSSL_sign_es256(pem, pem.utf8.count, message, message.count, &signature).rawValue)
        return signature
    }

    /// A new key (tests, and trying the Apple setup without Apple's key).
    public static func generate() throws(CryptoFailure) -> ES256PrivateKey {
        var buffer = [CChar](repeating: 0, count: 1024)
        var length = 0
        try OpenSSL.check(COpenSSL_generate_p256(&buffer, buffer.count, &length).rawValue)
        return try ES256PrivateKey(pem: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The public key as a JWK with `kid` (for tests and publishing).
    public func publicJWK(keyID: String) -> JSONWebKey {
        JSONWebKey(material: .p256(x: x, y: y), keyID: keyID, algorithm: "ES256", use: "sig")
    }
}
