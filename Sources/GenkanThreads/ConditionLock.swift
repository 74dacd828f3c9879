#if canImport(Glibc)
import Glibc
#endif

/// A POSIX mutex and condition variable that guard a value: threads change the value under the
/// lock, and wait (forever or until a deadline) for it to reach a state another thread signals.
///
/// The mutex and the condition live in memory allocated here, not in stored properties: pthread
/// objects must not move, and `&property` gives C an address valid only for that one call.
///
/// ```swift
/// let queue = ConditionLock([Int]())
/// queue.withLock { $0.append(1); queue.signal() }
/// let first = queue.withLock(when: { !$0.isEmpty }) { items, _ in items.removeFirst() }
/// ```
package final class ConditionLock<State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` is read and written only between pthread_mutex_lock and
    // pthread_mutex_unlock on `mutex` (every access is inside `withLock`), and the pthread objects
    // are safe to use from any thread by definition.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        var mutexAttributes = pthread_mutexattr_t()
        withUnsafeMutablePointer(to: &mutexAttributes) { attributes in
            Pthread.check(pthread_mutexattr_init(attributes), "pthread_mutexattr_init")
            #if DEBUG
            // Unlocking from a thread that does not hold the lock fails loudly instead of silently.
            Pthread.check(pthread_mutexattr_settype(attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)), "pthread_mutexattr_settype")
            #endif
            Pthread.check(pthread_mutex_init(mutex, attributes), "pthread_mutex_init")
            Pthread.check(pthread_mutexattr_destroy(attributes), "pthread_mutexattr_destroy")
        }
        var conditionAttributes = pthread_condattr_t()
        withUnsafeMutablePointer(to: &conditionAttributes) { attributes in
            Pthread.check(pthread_condattr_init(attributes), "pthread_condattr_init")
            // Timed waits take an absolute time; on the monotonic clock a change of the wall clock
            // neither ends a wait early nor stretches it.
            Pthread.check(pthread_condattr_setclock(attributes, CLOCK_MONOTONIC), "pthread_condattr_setclock")
            Pthread.check(pthread_cond_init(condition, attributes), "pthread_cond_init")
            Pthread.check(pthread_condattr_destroy(attributes), "pthread_condattr_destroy")
        }
    }

    deinit {
        Pthread.check(pthread_cond_destroy(condition), "pthread_cond_destroy")
        Pthread.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&state)
    }

    /// Waits until `ready` holds for the value, or until `deadline` passes (nil: no limit), then
    /// runs `body` with the lock still held; `body` gets the value and whether `ready` held.
    ///
    /// Another thread makes `ready` true inside `withLock` and then calls `signal()` or
    /// `broadcast()`; spurious wake-ups are absorbed here.
    package func withLock<Result>(
        when ready: (State) -> Bool, before deadline: Deadline? = nil, _ body: (inout State, Bool) throws -> Result
    ) rethrows -> Result {
        lock()
        defer { unlock() }
        var satisfied = ready(state)
        while !satisfied {
            if let deadline {
                let signalled = wait(until: deadline)
                satisfied = ready(state)
                if !signalled { break }
            } else {
                wait()
                satisfied = ready(state)
            }
        }
        return try body(&state, satisfied)
    }

    /// Wakes one waiting thread.
    package func signal() {
        Pthread.check(pthread_cond_signal(condition), "pthread_cond_signal")
    }

    /// Wakes every waiting thread.
    package func broadcast() {
        Pthread.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
    }

    private func lock() {
        Pthread.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    }

    private func unlock() {
        Pthread.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
    }

    /// With the lock held: releases it until signalled, then takes it back.
    private func wait() {
        Pthread.check(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
    }

    /// With the lock held: like `wait()`, but false once `deadline` has passed.
    private func wait(until deadline: Deadline) -> Bool {
        var time = deadline.absoluteTime
        let status = pthread_cond_timedwait(condition, mutex, &time)
        if status == ETIMEDOUT { return false }
        Pthread.check(status, "pthread_cond_timedwait")
        return true
    }
}
