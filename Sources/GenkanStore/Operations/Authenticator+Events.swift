/// The event log as the doors and the operators' commands reach it: where the request came from,
/// the reads of the activity page, the console and the export, the retention sweep, and the
/// administrator role. Events themselves are written by the operations, never here.
extension Authenticator {
    /// Where the request the core is working for came from, for the events its operations record:
    /// set by whoever runs a job for a request before the operation, reset (`.unknown`) after it,
    /// so that no event is dated from another request's client.
    public var origin: EventOrigin {
        get { store.origin }
        set { store.origin = newValue }
    }

    /// Whether the job that just ran queued a webhook, forgotten once asked: the worker pool asks
    /// after each job and wakes the sender.
    public func takeQueuedWebhooks() -> Bool {
        store.takeQueuedWebhooks()
    }

    /// An account's events of the last `days` days, newest first (the activity page).
    public func recentEvents(uid: String, days: Int = 30, limit: Int = 200) throws(StoreError) -> [AccountEvent] {
        try store.recentEvents(uid: uid, days: days, limit: limit)
    }

    /// Events newest first, filtered as `EventStorage.events(uid:types:since:before:limit:)` says.
    public func events(
        uid: String? = nil, types: [AccountEventType] = [], since: Int64? = nil, before: Int64? = nil, limit: Int = 50
    ) throws(StoreError) -> [AccountEvent] {
        try store.events(uid: uid, types: types, since: since, before: before, limit: limit)
    }

    /// Every event oldest first, at or after `since`, of `types` (all when empty), handed to `body`
    /// a batch at a time as read (`genkan events export`).
    public func forEachEvent(
        since: Int64? = nil, types: [AccountEventType] = [], batchSize: Int = 500, _ body: ([AccountEvent]) throws -> Void
    ) throws {
        try store.forEachEvent(since: since, types: types, batchSize: batchSize, body)
    }

    /// Deletes up to `limit` of the events older than `days` days in one quick transaction;
    /// returns how many (`limit`: there may be more).
    public func deleteExpiredEvents(olderThanDays days: Int, limit: Int = 1000) throws(StoreError) -> Int {
        try store.deleteExpiredEvents(olderThanDays: days, limit: limit)
    }

    /// Makes the account with `email` an administrator, recording `admin.granted` by `actor`, in one
    /// transaction (`genkan admin grant`).
    public func grantAdministrator(email: String, actor: EventActor = .system) throws(StoreError) -> AccountStore.RoleChange {
        try store.grantAdministrator(email: email, actor: actor)
    }

    /// Takes the role from the account with `email`, recording `admin.revoked` by `actor`
    /// (`genkan admin revoke`).
    public func revokeAdministrator(email: String, actor: EventActor = .system) throws(StoreError) -> AccountStore.RoleChange {
        try store.revokeAdministrator(email: email, actor: actor)
    }

    /// The administrators, oldest grant first.
    public func administrators() throws(StoreError) -> [Account] {
        try store.administrators()
    }
}
