import Foundation

/// Webhooks waiting to be delivered, as the store keeps them: one delivery per event and
/// receiver, written in the transaction of the event, delivered by `WebhookSender`.
///
/// Every method may be called from the sender's thread; an implementation must be safe to call from
/// any thread and from several processes on one database. Errors thrown here are logged by the
/// sender, which tries again later.
public protocol WebhookQueue: Sendable {
    /// Claims up to `limit` deliveries whose next attempt is due at `now`, until `now + lease`.
    ///
    /// Of each account's deliveries to one receiver, only the oldest that is neither delivered nor
    /// given up may be claimed (so an account's events arrive in the order they happened), and
    /// never one another sender holds a claim on that has not ended: two senders never hold one
    /// delivery at once. Oldest first.
    func claimDue(now: Date, lease: Duration, limit: Int) throws -> [QueuedWebhook]
    /// Records that the receiver took delivery `id` (a 2xx answer); it is never returned again.
    func markDelivered(_ id: Int64) throws
    /// Records one more failed attempt of delivery `id` (its `attempts` grows by one), ends the
    /// claim, and the time before which `claimDue` must not return it. `error` is the sender's
    /// reason, never a body or a secret.
    func markFailed(_ id: Int64, retryAt: Date, error: String) throws
    /// Records that delivery `id` will not be made (too many attempts, or 410 Gone); it is never
    /// returned again, and the account's next delivery to that receiver may go.
    func giveUp(_ id: Int64, error: String) throws
    /// The earliest time a delivery not yet made or given up is due (a claimed one: when its claim
    /// ends), nil when there is none.
    func earliestAttempt() throws -> Date?
}

/// One delivery: a message for one receiver.
public struct QueuedWebhook: Sendable, Equatable {
    public let id: Int64
    /// The receiver (`--webhook URL`).
    public let url: String
    public let message: WebhookMessage
    /// Attempts already made.
    public let attempts: Int

    public init(id: Int64, url: String, message: WebhookMessage, attempts: Int) {
        self.id = id
        self.url = url
        self.message = message
        self.attempts = attempts
    }
}
