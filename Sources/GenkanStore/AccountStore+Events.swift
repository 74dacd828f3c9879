/// The security event log: each event written in the transaction of the change it describes, with
/// a webhook delivery per receiver; read by the activity page, the console and `genkan events
/// export`; deleted after the retention period in small batches.
extension AccountStore {
    /// Records `type` for the account `uid` now, from the store's `origin`, with a webhook delivery
    /// for each of `webhookURLs`: inside the caller's transaction when there is one, so the event
    /// exists exactly when the change it describes was committed; otherwise in a transaction of its
    /// own that does not wait for the disk (an event that changes nothing else, a failed sign-in).
    @discardableResult
    func record(
        _ type: AccountEventType, uid: String, actor: EventActor = .user, details: EventDetails = EventDetails()
    ) throws(StoreError) -> Int64 {
        var details = details
        if details.door == nil { details.door = origin.door }
        let event = AccountEvent(
            time: clock.now(), type: type, uid: uid, actor: actor, client: origin.client, userAgent: origin.userAgent, details: details)
        let urls = webhookURLs
        let id =
            storage.isInTransaction
            ? try storage.insertEvent(event, webhookURLs: urls)
            : try storage.quickTransaction { () throws(StoreError) in try storage.insertEvent(event, webhookURLs: urls) }
        if !urls.isEmpty { queuedWebhooks = true }
        return id
    }

    /// Records `type` for each of the accounts `uids`, as `record` does for one, inside the
    /// caller's transaction (an import: an event per account it wrote).
    func recordEach(_ type: AccountEventType, uids: [String], actor: EventActor, details: EventDetails) throws(StoreError) {
        guard !uids.isEmpty else { return }
        var details = details
        if details.door == nil { details.door = origin.door }
        let time = clock.now()
        let events = uids.map {
            AccountEvent(time: time, type: type, uid: $0, actor: actor, client: origin.client, userAgent: origin.userAgent, details: details)
        }
        let urls = webhookURLs
        try storage.insertEvents(events, webhookURLs: urls)
        if !urls.isEmpty { queuedWebhooks = true }
    }

    /// An account's events of the last `days` days, newest first (the activity page).
    func recentEvents(uid: String, days: Int = 30, limit: Int = 200) throws(StoreError) -> [AccountEvent] {
        try storage.events(uid: uid, types: [], since: clock.now() - Int64(days) * 86_400, before: nil, limit: limit)
    }

    /// Events newest first, filtered as `EventStorage.events(uid:types:since:before:limit:)` says.
    func events(
        uid: String? = nil, types: [AccountEventType] = [], since: Int64? = nil, before: Int64? = nil, limit: Int = 50
    ) throws(StoreError) -> [AccountEvent] {
        try storage.events(uid: uid, types: types, since: since, before: before, limit: limit)
    }

    /// Every event oldest first, at or after `since`, of `types` (all when empty), handed to `body`
    /// in batches of `batchSize` as they are read, so that no log is held in memory whole. Each
    /// batch is its own statement: events written meanwhile with a higher id are included.
    func forEachEvent(
        since: Int64? = nil, types: [AccountEventType] = [], batchSize: Int = 500, _ body: ([AccountEvent]) throws -> Void
    ) throws {
        var after: Int64 = 0
        while true {
            let batch = try storage.events(after: after, since: since, types: types, limit: batchSize)
            if !batch.events.isEmpty { try body(batch.events) }
            guard let last = batch.lastID, batch.rowCount == batchSize else { return }
            after = last
        }
    }

    /// Deletes up to `limit` of the events older than `days` days, oldest first, in one
    /// transaction; returns how many (`limit`: there may be more). A sweep deletes a batch at a time,
    /// so that no job holds the write lock, or a worker thread, long. A webhook delivery still
    /// waiting for an expired event goes with it.
    func deleteExpiredEvents(olderThanDays days: Int, limit: Int = 1000) throws(StoreError) -> Int {
        let cutoff = clock.now() - Int64(days) * 86_400
        return try storage.quickTransaction { () throws(StoreError) in try storage.deleteEvents(before: cutoff, limit: limit) }
    }
}
