#if canImport(Glibc)
import Glibc
#endif

/// A POSIX mutex and condition variable whose timed waits run on CLOCK_MONOTONIC (a change of
/// the wall clock neither shortens nor stretches them); both are owned here and destroyed in
/// `deinit`. `@unchecked Sendable`: pthreads synchronize them.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes every waiter; call with the lock held or not.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits, with the lock held, until woken (or spuriously; callers re-check their state).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits, with the lock held, until woken or `duration` has passed.
    func wait(for duration: Duration) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
}

/// A joinable POSIX thread running a Swift closure.
final class JoinableThread: @unchecked Sendable {
    private var thread = pthread_t()

    init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let status = pthread_create(&thread, nil, { argument in
            Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Whether the caller is this thread (which must not join itself).
    var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }

    /// Waits for the thread to end. Call once.
    func join() { pthread_join(thread, nil) }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
