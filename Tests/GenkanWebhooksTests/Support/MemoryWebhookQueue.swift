import Foundation
import GenkanWebhooks
import Synchronization

/// A `WebhookQueue` in memory with the contract's claim rules (oldest open delivery per account and
/// receiver, leases), for the sender's tests; the store's own queue has its conformance tests.
final class MemoryWebhookQueue: WebhookQueue {
    struct Row {
        var delivery: QueuedWebhook
        var account: String
        var dueAt: Date
        var claimedUntil: Date?
        var done = false
        var errors: [String] = []
    }

    private let rows = Mutex<[Row]>([])
    private let ids = Atomic<Int64>(0)

    @discardableResult
    func enqueue(url: String, account: String, message: WebhookMessage, at date: Date = .distantPast) -> Int64 {
        let id = ids.add(1, ordering: .relaxed).newValue
        rows.withLock { $0.append(Row(delivery: QueuedWebhook(id: id, url: url, message: message, attempts: 0), account: account, dueAt: date)) }
        return id
    }

    var snapshot: [Row] { rows.withLock { $0 } }

    func claimDue(now: Date, lease: Duration, limit: Int) throws -> [QueuedWebhook] {
        rows.withLock { rows in
            var firstOpen = Set<String>()
            var claimed: [QueuedWebhook] = []
            for index in rows.indices where !rows[index].done {
                let key = rows[index].account + " " + rows[index].delivery.url
                guard firstOpen.insert(key).inserted else { continue }
                let row = rows[index]
                guard row.dueAt <= now, (row.claimedUntil ?? .distantPast) <= now, claimed.count < limit else { continue }
                rows[index].claimedUntil = now + Double(lease.components.seconds)
                claimed.append(row.delivery)
            }
            return claimed
        }
    }

    func markDelivered(_ id: Int64) throws { update(id) { $0.done = true } }

    func markFailed(_ id: Int64, retryAt: Date, error: String) throws {
        update(id) { row in
            row.delivery = QueuedWebhook(id: id, url: row.delivery.url, message: row.delivery.message, attempts: row.delivery.attempts + 1)
            row.dueAt = retryAt
            row.claimedUntil = nil
            row.errors.append(error)
        }
    }

    func giveUp(_ id: Int64, error: String) throws {
        update(id) { row in
            row.done = true
            row.errors.append("given up: " + error)
        }
    }

    func earliestAttempt() throws -> Date? {
        rows.withLock { rows in rows.filter { !$0.done }.map { max($0.dueAt, $0.claimedUntil ?? .distantPast) }.min() }
    }

    private func update(_ id: Int64, _ change: (inout Row) -> Void) {
        rows.withLock { rows in
            if let index = rows.firstIndex(where: { $0.delivery.id == id }) { change(&rows[index]) }
        }
    }
}

/// Lines a sender logged.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
