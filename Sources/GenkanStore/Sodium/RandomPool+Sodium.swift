private import CSodium

#if canImport(Glibc)
import Glibc
#endif

/// Each thread's store of random bytes, drawn from libsodium's CSPRNG a block at a time.
///
/// `randombytes_buf` asks the kernel for the process id on every call (its check that a forked
/// child does not repeat its parent's stream), a system call that was most of the cost of a
/// page's pre-session token. Drawing 1 KiB at once pays it once per 32 tokens. The bytes are the
/// generator's, in order; each is handed out once and zeroed as it leaves the pool. Genkan never
/// forks, so a pool is never shared with a child; a thread's pool is wiped and freed when the
/// thread ends.
final class RandomPool {
    private static let blockSize = 1024
    private var block = [UInt8](repeating: 0, count: blockSize)
    private var next = blockSize

    /// Fills `output` with random bytes.
    func fill(_ output: UnsafeMutableRawBufferPointer) {
        var written = 0
        while written < output.count {
            if next == Self.blockSize {
                block.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) }
                next = 0
            }
            let count = min(output.count - written, Self.blockSize - next)
            block.withUnsafeMutableBytes { pool in
                let start = pool.baseAddress! + next
                (output.baseAddress! + written).copyMemory(from: start, byteCount: count)
                sodium_memzero(start, count)
            }
            next += count
            written += count
        }
    }

    deinit {
        block.withUnsafeMutableBytes { sodium_memzero($0.baseAddress!, $0.count) }
    }

    /// The calling thread's pool, made on its first use.
    static var current: RandomPool {
        if let stored = pthread_getspecific(key) { return Unmanaged<RandomPool>.fromOpaque(stored).takeUnretainedValue() }
        let pool = RandomPool()
        pthread_setspecific(key, Unmanaged.passRetained(pool).toOpaque())
        return pool
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The destructor runs when a thread ends: it releases (and so wipes) that thread's pool.
        let status = pthread_key_create(&key) { stored in
            if let stored { Unmanaged<RandomPool>.fromOpaque(stored).release() }
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}
