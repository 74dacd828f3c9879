#if canImport(Glibc)
import Glibc
#endif

/// A point in time on `CLOCK_MONOTONIC`, which wall-clock changes do not move; the clock
/// `ConditionLock` times its waits on.
package struct Deadline: Sendable, Comparable {
    /// Nanoseconds since an unspecified start (boot, on Linux).
    package let nanoseconds: Int64

    package static var now: Deadline {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Deadline(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// `duration` from now; negative durations give now, very long ones a deadline centuries away.
    package static func after(_ duration: Duration) -> Deadline {
        let start = now
        guard duration > .zero else { return start }
        // Clamped to 68 years so that the sum cannot overflow (Int64 nanoseconds last 292 years).
        let seconds = min(duration.components.seconds, Int64(Int32.max))
        let fraction = duration.components.attoseconds / 1_000_000_000
        return Deadline(nanoseconds: start.nanoseconds + seconds * 1_000_000_000 + fraction)
    }

    package var hasPassed: Bool { Deadline.now >= self }

    /// The absolute time `pthread_cond_timedwait` takes.
    package var absoluteTime: timespec {
        timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    package static func < (left: Deadline, right: Deadline) -> Bool { left.nanoseconds < right.nanoseconds }
}
