private import COpenSSL

/// An RSA private key in PEM that signs RS256: what a test needs to be an OpenID provider (the
/// server only verifies RS256).
public struct RSAPrivateKey: Sendable {
    public let pem: String
    public let modulus: [UInt8]
    public let exponent: [UInt8]

    public init(pem: String) throws(CryptoFailure) {
        var modulus = [UInt8](repeating: 0, count: 1024), exponent = [UInt8](repeating: 0, count: 16)
        var modulusLength = modulus.count, exponentLength = exponent.count
        try OpenSSL.check(COpenSSL_rsa_public_numbers(pem, pem.utf8.count, &modulus, &modulusLength, &exponent, &exponentLength).rawValue)
        self.pem = pem
        self.modulus = Array(modulus.prefix(modulusLength))
        self.exponent = Array(exponent.prefix(exponentLength))
    }

    public static func generate(bits: Int = 2048) throws(CryptoFailure) -> RSAPrivateKey {
        var buffer = [CChar](repeating: 0, count: 8192)
        var length = 0
        try OpenSSL.check(COpenSSL_generate_rsa(Int32(bits), &buffer, buffer.count, &length).rawValue)
        return try RSAPrivateKey(pem: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The RS256 signature of `message`.
    public func sign(_ message: [UInt8]) throws(CryptoFailure) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: 1024)
        var length = signature.count
        try OpenSSL.check(COpenSSL_sign_rs256(pem, pem.utf8.count, message, message.count, &signature, &length).rawValue)
        return Array(signature.prefix(length))
    }

    public func publicJWK(keyID: String) -> JSONWebKey {
        JSONWebKey(material: .rsa(modulus: modulus, exponent: exponent), keyID: keyID, algorithm: "RS256", use: "sig")
    }
}
