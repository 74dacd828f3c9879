import GenkanThreads

/// A thread that runs `body` every `interval` until `stop()`.
///
/// Between runs the thread sleeps on a condition with a deadline rather than in short ticks, so an
/// hourly task costs no wake-ups in between and `stop()` ends it at once instead of after a tick.
package final class RepeatingTask: Sendable {
    private enum Phase: Sendable {
        case running
        case stopping
        case stopped
    }

    private let phase = ConditionLock(Phase.running)
    private let thread: PosixThread

    /// Starts the thread; the first run is `interval` from now, each next one `interval` after
    /// the previous run ended.
    package init(interval: Duration, _ body: @escaping @Sendable () -> Void) {
        thread = PosixThread { [phase] in
            while true {
                let next = Deadline.after(interval)
                let running = phase.withLock(when: { $0 != .running }, before: next) { phase, _ in phase == .running }
                guard running else { return }
                body()
            }
        }
    }

    /// Wakes the thread and waits for it to end, and for a run in progress to finish: nothing runs
    /// after this returns. Later and concurrent calls wait for the same end. Not for `body` to call.
    package func stop() {
        let first = phase.withLock { phase in
            guard phase == .running else { return false }
            phase = .stopping
            // Broadcast, not signal: concurrent stop() calls wait on the same condition.
            self.phase.broadcast()
            return true
        }
        if first {
            thread.join()
            phase.withLock { phase in
                phase = .stopped
                self.phase.broadcast()
            }
        } else {
            phase.withLock(when: { $0 == .stopped }) { _, _ in }
        }
    }

    deinit {
        stop()
    }
}
