import Foundation
import GenkanStore
import GenkanWebhooks
import Synchronization

/// The webhook deliveries table as `WebhookSender`'s queue: a connection of its own (the sender's
/// thread waits on receivers, so it does not borrow one of the pool's), times in whole seconds.
///
/// Every claim leases what it returns (`WebhookDeliveries.claimDue`), on SQLite as on
/// PostgreSQL: one server per delivery, and a delivery whose server died while posting it goes out
/// from any server once the lease ends. The message of a delivery is its event: `webhook-id`
/// `evt_<event id>` (the same at every attempt, so a receiver takes each event once), the event's
/// type, its time, and its JSON line as `data`.
final class StoreWebhookQueue: WebhookQueue {
    private let deliveries: Mutex<WebhookDeliveries>

    init(deliveries: sending WebhookDeliveries) {
        self.deliveries = Mutex(deliveries)
    }

    /// The message a delivery of `event` carries; nil for an event no message can name (never for
    /// the types this Genkan writes).
    static func message(_ event: AccountEvent) -> WebhookMessage? {
        WebhookMessage(id: "evt_\(event.id)", type: event.type.rawValue, timestamp: AccountEvent.rfc3339(event.time), data: event.json)
    }

    /// How long an event of a type this Genkan does not know waits before its delivery is claimed
    /// again (a newer server on the database delivers it meanwhile).
    static let unknownTypeRetry: Int64 = 300

    func claimDue(now: Date, lease: Duration, limit: Int) throws -> [QueuedWebhook] {
        try deliveries.withLock { deliveries in
            let seconds = Int64(now.timeIntervalSince1970)
            var queued: [QueuedWebhook] = []
            for delivery in try deliveries.claimDue(now: seconds, limit: limit, leaseSeconds: max(1, lease.components.seconds)) {
                guard let event = delivery.event, let message = Self.message(event) else {
                    try deliveries.markFailed(
                        id: delivery.id, retryAt: seconds + Self.unknownTypeRetry, error: "an event of a type this Genkan does not know")
                    continue
                }
                queued.append(QueuedWebhook(id: delivery.id, url: delivery.url, message: message, attempts: delivery.attempts))
            }
            return queued
        }
    }

    func markDelivered(_ id: Int64) throws {
        try deliveries.withLock { try $0.markDelivered(id: id) }
    }

    func markFailed(_ id: Int64, retryAt: Date, error: String) throws {
        try deliveries.withLock { try $0.markFailed(id: id, retryAt: Int64(retryAt.timeIntervalSince1970.rounded(.up)), error: error) }
    }

    func giveUp(_ id: Int64, error: String) throws {
        try deliveries.withLock { try $0.giveUp(id: id, error: error) }
    }

    func earliestAttempt() throws -> Date? {
        try deliveries.withLock { deliveries in try deliveries.nextAttempt().map { Date(timeIntervalSince1970: TimeInterval($0)) } }
    }
}
