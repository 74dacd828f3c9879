import Synchronization

/// Refusals already decided by a limit in the database, remembered until they end, so that a
/// client that keeps trying is answered on the loop — no trip to the pool or the database — and
/// logged once per refusal, not once per attempt.
///
/// Only a cache, never the truth: a limit's bucket only drains with time, so a refusal holds
/// until its `Retry-After` (a refund forgets it at once). An entry that is not here costs one
/// look-up in the database; so when the table is full it drops ended refusals (at most once a
/// second) and otherwise remembers nothing new, and no flood of keys can free anyone.
final class RefusalCache: Sendable {
    private struct Table {
        var until: [String: Int64] = [:]
        var lastSweep = Int64.min
    }

    let capacity: Int
    private let table = Mutex(Table())

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The seconds left of a refusal of `key` at `now`, or nil.
    func retryAfter(_ key: String, now: Int64) -> Int? {
        table.withLock { table in
            guard let until = table.until[key] else { return nil }
            guard until > now else {
                table.until[key] = nil
                return nil
            }
            return Int(until - now)
        }
    }

    /// Remembers that `key` is refused for `seconds` from `now`; false when it was already known
    /// (the refusal was logged then).
    @discardableResult
    func remember(_ key: String, for seconds: Int, now: Int64) -> Bool {
        table.withLock { table in
            if let until = table.until[key], until > now { return false }
            if table.until.count >= capacity, now > table.lastSweep {
                table.lastSweep = now
                table.until = table.until.filter { $0.value > now }
            }
            if table.until.count < capacity { table.until[key] = now + Int64(seconds) }
            return true
        }
    }

    func forget(_ key: String) {
        _ = table.withLock { $0.until.removeValue(forKey: key) }
    }

    var count: Int { table.withLock { $0.until.count } }
}
