private import CSodium

/// Authenticated secret-key encryption (XSalsa20 with Poly1305, libsodium's `crypto_secretbox`).
enum SecretBox {
    static let keyLength = 32
    static let nonceLength = 24
    static let macLength = 16

    /// A random nonce followed by `plaintext` encrypted and authenticated under `key`
    /// ([`crypto_secretbox_easy`](https://doc.libsodium.org/secret-key_cryptography/secretbox)).
    /// A 24-byte random nonce may be drawn for every message without counting them.
    static func seal(_ plaintext: [UInt8], key: [UInt8]) -> [UInt8] {
        precondition(Sodium.ready && key.count == keyLength)
        let nonce = Secret.randomBytes(nonceLength)
        var box = [UInt8](repeating: 0, count: macLength + plaintext.count)
        let status = crypto_secretbox_easy(&box, plaintext, UInt64(plaintext.count), nonce, key)
        precondition(status == 0, "crypto_secretbox_easy fails only for messages past its size limit")
        return nonce + box
    }

    /// The plaintext of `sealed` (nonce then box) under `key`; nil when it was not made under this
    /// key or has been changed ([`crypto_secretbox_open_easy`](https://doc.libsodium.org/secret-key_cryptography/secretbox)).
    static func open(_ sealed: [UInt8], key: [UInt8]) -> [UInt8]? {
        precondition(Sodium.ready && key.count == keyLength)
        guard sealed.count >= nonceLength + macLength else { return nil }
        let nonce = Array(sealed[..<nonceLength]), box = Array(sealed[nonceLength...])
        var plaintext = [UInt8](repeating: 0, count: box.count - macLength)
        guard crypto_secretbox_open_easy(&plaintext, box, UInt64(box.count), nonce, key) == 0 else { return nil }
        return plaintext
    }
}
