private import CSodium

/// Argon2id password hashing through libsodium's `crypto_pwhash_str_alg`, at no less than
/// OWASP's minimum (19 MiB of memory, 2 passes, 1 lane).
///
/// The result is a self-describing PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`), so a
/// hash keeps working after the parameters change, and `needsRehash` says when to upgrade it.
public struct PasswordHasher: Sendable, Hashable {
    /// Passes over memory (`t`).
    public let operations: UInt64
    /// Memory in bytes (`m`).
    public let memory: Int

    /// OWASP's Password Storage Cheat Sheet minimum for Argon2id: m=19 MiB, t=2, p=1.
    public static let owaspMinimum = PasswordHasher(operations: 2, memory: 19 * 1024 * 1024)

    public init(operations: UInt64, memory: Int) {
        self.operations = operations
        self.memory = memory
    }

    /// The PHC string of `password`.
    public func hash(_ password: String) throws(StoreError) -> String {
        precondition(Sodium.ready)
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
        let status = password.utf8CString.withUnsafeBufferPointer { bytes in
            crypto_pwhash_str_alg(
                &output, bytes.baseAddress!, UInt64(bytes.count - 1), operations, memory,
                crypto_pwhash_alg_argon2id13())
        }
        try Sodium.check(status, "crypto_pwhash_str_alg")
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `password` matches `hash`; false for a malformed hash. The comparison inside
    /// libsodium is constant-time.
    public func verify(_ password: String, against hash: String) -> Bool {
        precondition(Sodium.ready)
        return password.utf8CString.withUnsafeBufferPointer { bytes in
            crypto_pwhash_str_verify(hash, bytes.baseAddress!, UInt64(bytes.count - 1)) == 0
        }
    }

    /// Whether `text` is an Argon2id PHC string libsodium can verify against (whatever its
    /// parameters): what another Genkan's export may carry.
    public static func isArgon2id(_ text: String) -> Bool {
        precondition(Sodium.ready)
        // crypto_pwhash_str_needs_rehash answers -1 for a string it cannot read as this algorithm's.
        return text.hasPrefix("$argon2id$") && !text.utf8.contains(0) && crypto_pwhash_argon2id_str_needs_rehash(text, 1, 8192) != -1
    }

    /// Whether `hash` was made with other parameters (or another algorithm, an imported hash among
    /// them) than these.
    public func needsRehash(_ hash: String) -> Bool {
        precondition(Sodium.ready)
        guard hash.hasPrefix("$argon2id$") else { return true }
        return crypto_pwhash_str_needs_rehash(hash, operations, memory) != 0
    }
}
