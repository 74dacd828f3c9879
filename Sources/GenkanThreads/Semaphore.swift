/// A counting semaphore: `post()` adds one, `wait()` takes one, blocking while there is none.
@usableFromInline
package final class Semaphore: Sendable {
    private let count = ConditionLock(0)

    @usableFromInline
    package init() {}

    @usableFromInline
    package func post() {
        count.withLock { count in
            count += 1
            self.count.signal()
        }
    }

    @usableFromInline
    package func wait() {
        count.withLock(when: { $0 > 0 }) { count, _ in count -= 1 }
    }

    /// Takes one if one is posted before `deadline`; false otherwise, leaving the count as it was.
    package func wait(until deadline: Deadline) -> Bool {
        count.withLock(when: { $0 > 0 }, before: deadline) { count, posted in
            if posted { count -= 1 }
            return posted
        }
    }
}
