private import COpenSSL

extension ImportedPasswordHash {
    /// Whether `password` gives this hash, the password taken as the UTF-8 bytes it was typed as
    /// (what the system that made the hash was given). The computed hash is compared in constant
    /// time; a failure inside OpenSSL is a wrong password, never a match.
    public func verify(_ password: String) -> Bool {
        let password = Array(password.utf8)
        if scheme == .bcrypt { return Bcrypt.verify(password, against: hash) }
        guard let computed = compute(password) else { return false }
        return Secret.constantTimeEqual(computed, hash)
    }

    /// The hash `password` gives under this scheme and salt, as many bytes as `hash` has; nil when
    /// OpenSSL fails (out of memory).
    func compute(_ password: [UInt8]) -> [UInt8]? {
        switch scheme {
        case .firebaseScrypt(let signerKey, let rounds, let memoryCost):
            // Firebase's modification: the derived key is not the hash but the AES-256-CTR key
            // that encrypts the project's signer key (counter block starting at zero).
            guard let derived = Self.scrypt(password, salt, cost: 1 << memoryCost, blockSize: rounds, parallelization: 1, length: 64) else {
                return nil
            }
            return Self.bytes(signerKey.count) { output in
                let iv = [UInt8](repeating: 0, count: 16)
                return COpenSSL_aes256_ctr(Array(derived.prefix(32)), iv, signerKey, signerKey.count, output)
            }
        case .scrypt(let cost, let blockSize, let parallelization, _):
            return Self.scrypt(password, salt, cost: cost, blockSize: blockSize, parallelization: parallelization, length: hash.count)
        case .bcrypt:
            return nil
        case .pbkdf2(let digest, let iterations):
            return Self.bytes(hash.count) { output in
                COpenSSL_pbkdf2(digest.openSSL, password, password.count, salt, salt.count, UInt32(max(iterations, 1)), output, hash.count)
            }
        case .hmac(let digest, let key, let order):
            let (first, second) = order == .passwordAndSalt ? (password, salt) : (salt, password)
            return Self.bytes(digest.length) { output in
                COpenSSL_hmac(digest.openSSL, key, key.count, first, first.count, second, second.count, output)
            }
        case .digest(let digest, let rounds, let order):
            let (first, second) = order == .passwordAndSalt ? (password, salt) : (salt, password)
            return Self.bytes(digest.length) { output in
                COpenSSL_digest_repeated(digest.openSSL, first, first.count, second, second.count, UInt32(rounds), output)
            }
        }
    }

    private static func scrypt(
        _ password: [UInt8], _ salt: [UInt8], cost: Int, blockSize: Int, parallelization: Int, length: Int
    ) -> [UInt8]? {
        // OpenSSL counts 128·r·(N + p) bytes; the scheme's limits keep that within twice this.
        let memory = UInt64(2 * ImportedHashScheme.Limits.scryptMemory)
        return bytes(length) { output in
            COpenSSL_scrypt(
                password, password.count, salt, salt.count, UInt64(cost), UInt32(blockSize), UInt32(parallelization), memory, output,
                length)
        }
    }

    /// `count` bytes written by `body`, or nil when it does not answer COpenSSL_ok.
    private static func bytes(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> COpenSSL_status) -> [UInt8]? {
        var status = COpenSSL_failure
        let output = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: 0)
            status = body(buffer.baseAddress!)
            initialized = count
        }
        if status != COpenSSL_ok {
            // The reason stays in OpenSSL's queue for this thread otherwise.
            var message = [CChar](repeating: 0, count: 256)
            COpenSSL_error_message(&message, message.count)
            return nil
        }
        return output
    }
}

extension ImportedHashScheme.Digest {
    fileprivate var openSSL: COpenSSL_digest {
        switch self {
        case .md5: COpenSSL_digest_md5
        case .sha1: COpenSSL_digest_sha1
        case .sha256: COpenSSL_digest_sha256
        case .sha512: COpenSSL_digest_sha512
        }
    }
}
