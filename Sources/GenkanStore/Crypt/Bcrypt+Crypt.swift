private import CCrypt

/// bcrypt through libxcrypt (`crypt_rn`, Debian's libcrypt), which checks `$2a$`, `$2b$` and
/// `$2y$` hashes as OpenBSD's bcrypt made them (passwords past 72 bytes count only their first 72).
enum Bcrypt {
    /// Whether `password` gives `hash` (a whole bcrypt string), compared in constant time. A password
    /// holding a NUL byte never matches: crypt reads C strings and would stop at it.
    static func verify(_ password: [UInt8], against hash: [UInt8]) -> Bool {
        guard !password.contains(0), !hash.contains(0) else { return false }
        let size = MemoryLayout<crypt_data>.size
        // crypt_rn's scratch space (32 KiB) holds derived state: zeroed before (as crypt_rn asks)
        // and after.
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<crypt_data>.alignment)
        scratch.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            scratch.deallocate()
        }
        let computed: [UInt8]? = (password + [0]).withUnsafeBufferPointer { phrase in
            (hash + [0]).withUnsafeBufferPointer { setting in
                phrase.withMemoryRebound(to: CChar.self) { phrase in
                    setting.withMemoryRebound(to: CChar.self) { setting in
                        guard let result = crypt_rn(phrase.baseAddress, setting.baseAddress, scratch, Int32(size)) else { return nil }
                        // The result is a C string inside the scratch space, at most CRYPT_OUTPUT_SIZE long.
                        let text = UnsafeRawPointer(result).assumingMemoryBound(to: UInt8.self)
                        var length = 0
                        while length < Int(CRYPT_OUTPUT_SIZE), text[length] != 0 { length += 1 }
                        return Array(UnsafeBufferPointer(start: text, count: length))
                    }
                }
            }
        }
        guard let computed else { return false }
        return Secret.constantTimeEqual(computed, hash)
    }
}
