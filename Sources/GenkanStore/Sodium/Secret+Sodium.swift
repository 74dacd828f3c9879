private import CSodium

/// Random tokens, digests and constant-time comparison from libsodium.
public enum Secret {
    /// `count` bytes from libsodium's CSPRNG (`randombytes_buf`, drawn a block at a time per
    /// thread: `RandomPool`).
    public static func randomBytes(_ count: Int) -> [UInt8] {
        precondition(Sodium.ready)
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            RandomPool.current.fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// A 256-bit random token in unpadded base64url (43 characters, RFC 4648 §5).
    public static func token() -> String {
        // The random bytes stay on the stack: a new visitor's every page draws one.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { random in
            precondition(Sodium.ready)
            RandomPool.current.fill(UnsafeMutableRawBufferPointer(random))
            defer { random.update(repeating: 0) }
            return base64URL(UnsafeBufferPointer(random))
        }
    }

    /// SHA-256 of `bytes` (`crypto_hash_sha256`).
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        precondition(Sodium.ready)
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_bytes()))
        let input = Array(bytes)
        crypto_hash_sha256(&digest, input, UInt64(input.count))
        return digest
    }

    /// Whether `a` and `b` are equal, in time that depends only on their lengths
    /// (`sodium_memcmp`).
    public static func constantTimeEqual(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        precondition(Sodium.ready)
        let left = Array(a), right = Array(b)
        guard left.count == right.count else { return false }
        if left.isEmpty { return true }
        return sodium_memcmp(left, right, left.count) == 0
    }

    private static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Unpadded base64url (RFC 4648 §5).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { base64URL($0) }
    }

    static func base64URL(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let alphabet = base64URLAlphabet
        return String(unsafeUninitializedCapacity: (bytes.count * 4 + 2) / 3) { output in
            var written = 0
            func put(_ value: UInt32) {
                output[written] = alphabet[Int(value & 63)]
                written += 1
            }
            var index = 0
            while index + 3 <= bytes.count {
                let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                put(value >> 18)
                put(value >> 12)
                put(value >> 6)
                put(value)
                index += 3
            }
            let rest = bytes.count - index
            if rest > 0 {
                let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                put(value >> 18)
                put(value >> 12)
                if rest == 2 { put(value >> 6) }
            }
            return written
        }
    }

    /// Lower-case hexadecimal.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 15)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
