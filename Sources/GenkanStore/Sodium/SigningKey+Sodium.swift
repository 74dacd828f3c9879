private import CSodium

/// An Ed25519 key pair (RFC 8032) through libsodium: signs the Firebase-compatible API's ID tokens
/// (`alg: EdDSA`, RFC 8037), whose public key the server publishes as a JWK.
///
/// Made from a 32-byte seed (`crypto_sign_seed_keypair`), which the store keeps in its `secrets`
/// table, so every connection and every restart signs with the same key.
public final class SigningKey: Sendable {
    /// The public key, 32 bytes.
    public let publicKey: [UInt8]
    // The 64-byte secret key (seed and public key); written once in init, only read afterwards.
    private let secretKey: [UInt8]

    /// The key pair of a 32-byte seed; nil for another length.
    public init?(seed: [UInt8]) {
        precondition(Sodium.ready)
        guard seed.count == Int(crypto_sign_seedbytes()) else { return nil }
        var publicKey = [UInt8](repeating: 0, count: Int(crypto_sign_publickeybytes()))
        var secretKey = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
        guard crypto_sign_seed_keypair(&publicKey, &secretKey, seed) == 0 else { return nil }
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// The detached Ed25519 signature of `message` (64 bytes, `crypto_sign_detached`).
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_bytes()))
        var length: UInt64 = 0
        _ = crypto_sign_detached(&signature, &length, message, UInt64(message.count), secretKey)
        return signature
    }

    /// Whether `signature` is an Ed25519 signature of `message` by `publicKey`
    /// (`crypto_sign_verify_detached`); false for wrong lengths.
    public static func isValid(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        precondition(Sodium.ready)
        guard signature.count == Int(crypto_sign_bytes()), publicKey.count == Int(crypto_sign_publickeybytes()) else {
            return false
        }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }
}
