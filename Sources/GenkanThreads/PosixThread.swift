#if canImport(Glibc)
import Glibc
#endif

/// A joinable POSIX thread running a Swift closure (Foundation's `Thread` cannot be joined, and
/// the engine and the mail sender join their threads on stop).
@usableFromInline
package final class PosixThread: Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread.
    @usableFromInline
    package init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        Pthread.check(
            pthread_create(&thread, nil, { argument in
                let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
                box.body()
                return nil
            }, box), "pthread_create")
        self.thread = thread
    }

    /// Whether the caller is this thread (which must not join itself).
    package var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }

    /// Waits for the thread to end. Call once (or `detach()`), and not from the thread itself.
    @usableFromInline
    package func join() {
        Pthread.check(pthread_join(thread, nil), "pthread_join")
    }

    /// Lets the thread end on its own, its resources freed when it does; instead of `join()`.
    @usableFromInline
    package func detach() {
        Pthread.check(pthread_detach(thread), "pthread_detach")
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
