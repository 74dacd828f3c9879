#if canImport(Glibc)
import Glibc
#endif

/// A joinable POSIX thread running a Swift closure (the engine avoids Foundation's `Thread` so
/// that it can join its threads on stop).
final class PosixThread: @unchecked Sendable {
    private var thread = pthread_t()

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let status = pthread_create(&thread, nil, { argument in
            let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Waits for the thread to end. Call once.
    func join() {
        pthread_join(thread, nil)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
