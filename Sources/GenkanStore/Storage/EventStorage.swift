/// The security event log, and the webhook deliveries of its events.
public protocol EventStorage: AnyObject {
    /// Stores `event` (its `id` is ignored) and, for each of `webhookURLs`, a delivery of it due at
    /// the event's time; returns the event's id. Ids are never reused and increase in the order
    /// events are written.
    ///
    /// - Throws: `StoreError.Code.constraint` for a type, uid, actor, client, user agent or
    ///   details longer than the table allows; nothing is written then.
    func insertEvent(_ event: AccountEvent, webhookURLs: [String]) throws(StoreError) -> Int64

    /// Stores `events` in order, each as `insertEvent` would, with as few statements as the
    /// database allows (an import records an event for each of thousands of accounts).
    ///
    /// - Throws: `StoreError.Code.constraint` as `insertEvent`; inside the caller's transaction,
    ///   which then fails whole.
    func insertEvents(_ events: [AccountEvent], webhookURLs: [String]) throws(StoreError)

    /// Events newest first: of the account `uid` when given, of the `types` when not empty, at or
    /// after `since` and with an id below `before` (the last of the previous page) when given; at
    /// most `limit`. Rows of a type this Genkan does not know (a newer one wrote them) are left out.
    func events(uid: String?, types: [AccountEventType], since: Int64?, before: Int64?, limit: Int) throws(StoreError) -> [AccountEvent]

    /// Events oldest first with an id above `after`, at or after `since`, of the `types` when not
    /// empty: at most `limit` rows read (an export reads the log in such batches).
    func events(after: Int64, since: Int64?, types: [AccountEventType], limit: Int) throws(StoreError) -> EventBatch

    /// Deletes up to `limit` events older than `time` (and their deliveries), oldest first; returns
    /// how many.
    func deleteEvents(before time: Int64, limit: Int) throws(StoreError) -> Int

    /// Claims up to `limit` due deliveries until `leaseUntil`: of each account's deliveries to one
    /// receiver only the oldest not given up on, and only when it is due at `now` (a claimed one
    /// is due when its lease ends). Two callers never claim one delivery. Oldest first.
    func claimDueDeliveries(now: Int64, limit: Int, leaseUntil: Int64) throws(StoreError) -> [StoredDelivery]

    /// Deletes the delivery (the receiver took it).
    func deleteDelivery(id: Int64) throws(StoreError)

    /// Counts a failed attempt and sets the next one.
    func setDeliveryFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError)

    /// Counts a last failed attempt and records the time and `error`.
    func setDeliveryGivenUp(id: Int64, at time: Int64, error: String) throws(StoreError)

    /// The earliest time a delivery that `claimDueDeliveries` could return falls due (the first
    /// open one of each account and receiver); nil when there is none.
    func nextDeliveryAttempt() throws(StoreError) -> Int64?

    /// Deliveries given up on, most recent first (for the operator).
    func undeliverableWebhooks(limit: Int) throws(StoreError) -> [StoredDelivery]
}

/// Events read oldest first, and where the next batch starts.
public struct EventBatch: Sendable, Hashable {
    /// The events of the batch whose type this Genkan knows.
    public let events: [AccountEvent]
    /// The id of the last row read, known type or not; nil when none was.
    public let lastID: Int64?
    /// How many rows were read (a batch of fewer than asked for is the last).
    public let rowCount: Int

    public init(events: [AccountEvent], lastID: Int64?, rowCount: Int) {
        self.events = events
        self.lastID = lastID
        self.rowCount = rowCount
    }
}

/// A webhook delivery with its event, as the queue hands it to a sender.
public struct StoredDelivery: Sendable, Hashable {
    public let id: Int64
    /// The receiver.
    public let url: String
    /// Attempts made before this one.
    public let attempts: Int
    public let lastError: String?
    /// The event; nil when a newer Genkan wrote a type this one does not know (such a delivery is
    /// given up on by the sender, whose receiver gets it from the newer servers).
    public let event: AccountEvent?

    public init(id: Int64, url: String, attempts: Int, lastError: String?, event: AccountEvent?) {
        self.id = id
        self.url = url
        self.attempts = attempts
        self.lastError = lastError
        self.event = event
    }
}
