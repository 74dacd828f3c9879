import GenkanSQL

extension SQLStore {
    func insertEvent(_ event: AccountEvent, webhookURLs: [String]) throws(StoreError) -> Int64 {
        let id = try insertedID(
            "INSERT INTO events (time, type, uid, actor, client, user_agent, details) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            [
                .integer(event.time), .text(event.type.rawValue), .text(event.uid), .text(event.actor.stored), event.client.storeValue,
                event.userAgent.storeValue, .text(event.details.stored),
            ])
        for url in webhookURLs {
            try changes(
                "INSERT INTO webhook_deliveries (event_id, url, uid, next_attempt_at) VALUES (?, ?, ?, ?)", .integer(id), .text(url),
                .text(event.uid), .integer(event.time))
        }
        return id
    }

    /// A hundred events to a statement; with receivers, one at a time (each delivery needs its
    /// event's id, and an import through a server with webhooks is at most a thousand accounts).
    func insertEvents(_ events: [AccountEvent], webhookURLs: [String]) throws(StoreError) {
        guard webhookURLs.isEmpty else {
            for event in events { _ = try insertEvent(event, webhookURLs: webhookURLs) }
            return
        }
        // An import's events share their details: written once, not once an event.
        var lastDetails: (details: EventDetails, stored: String)?
        func stored(_ details: EventDetails) -> String {
            if let lastDetails, lastDetails.details == details { return lastDetails.stored }
            lastDetails = (details, details.stored)
            return lastDetails!.stored
        }
        var start = 0
        while start < events.count {
            let chunk = events[start..<min(start + Self.importChunk, events.count)]
            start += chunk.count
            try connection.run(
                "INSERT INTO events (time, type, uid, actor, client, user_agent, details) VALUES "
                    + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", "),
                chunk.flatMap { event -> [StoreValue] in
                    [
                        .integer(event.time), .text(event.type.rawValue), .text(event.uid), .text(event.actor.stored), event.client.storeValue,
                        event.userAgent.storeValue, .text(stored(event.details)),
                    ]
                }
            ) { _ in true }
        }
    }

    func events(uid: String?, types: [AccountEventType], since: Int64?, before: Int64?, limit: Int) throws(StoreError) -> [AccountEvent] {
        var conditions: [String] = []
        var values: [StoreValue] = []
        if let uid {
            conditions.append("uid = ?")
            values.append(.text(uid))
        }
        Self.typeCondition(types, &conditions, &values)
        if let since {
            conditions.append("time >= ?")
            values.append(.integer(since))
        }
        if let before {
            conditions.append("id < ?")
            values.append(.integer(before))
        }
        values.append(.integer(Int64(max(0, limit))))
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        var events: [AccountEvent] = []
        try connection.run("SELECT \(StoreColumns.event) FROM events\(filter) ORDER BY id DESC LIMIT ?", values) { row in
            if let event = row.event(from: 0) { events.append(event) }
            return true
        }
        return events
    }

    func events(after: Int64, since: Int64?, types: [AccountEventType], limit: Int) throws(StoreError) -> EventBatch {
        var conditions = ["id > ?"]
        var values: [StoreValue] = [.integer(after)]
        if let since {
            conditions.append("time >= ?")
            values.append(.integer(since))
        }
        Self.typeCondition(types, &conditions, &values)
        values.append(.integer(Int64(max(0, limit))))
        var events: [AccountEvent] = []
        var lastID: Int64?
        var count = 0
        let sql = "SELECT \(StoreColumns.event) FROM events WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT ?"
        try connection.run(sql, values) { row in
            count += 1
            lastID = row.integer(0)
            if let event = row.event(from: 0) { events.append(event) }
            return true
        }
        return EventBatch(events: events, lastID: lastID, rowCount: count)
    }

    /// `type IN (?, …)` for a non-empty list: one statement text per number of types, each kept
    /// prepared as any other.
    private static func typeCondition(_ types: [AccountEventType], _ conditions: inout [String], _ values: inout [StoreValue]) {
        guard !types.isEmpty else { return }
        conditions.append("type IN (" + types.map { _ in "?" }.joined(separator: ", ") + ")")
        values += types.map { .text($0.rawValue) }
    }

    func deleteEvents(before time: Int64, limit: Int) throws(StoreError) -> Int {
        try changes(
            "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE time < ? ORDER BY id LIMIT ?)", .integer(time),
            .integer(Int64(max(0, limit))))
    }

    // MARK: Webhook deliveries

    /// In one write transaction, which no other connection interleaves with on SQLite; on
    /// PostgreSQL the dialect's `FOR UPDATE … SKIP LOCKED` passes over the rows another server is
    /// claiming instead of waiting for them. Either way a delivery behind an open one of the same
    /// account and receiver is not claimable, claimed or not, so an account's events arrive in order.
    func claimDueDeliveries(now: Int64, limit: Int, leaseUntil: Int64) throws(StoreError) -> [StoredDelivery] {
        try connection.transaction(.quick) { () throws(StoreError) -> [StoredDelivery] in
            let due = try allRows(
                """
                SELECT d.id, d.url, d.attempts, d.last_error, \(StoreColumns.eventOfE)
                FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
                WHERE d.given_up_at IS NULL AND d.next_attempt_at <= ? AND \(Self.firstOpenDelivery)
                ORDER BY d.id LIMIT ?\(dialect.skippingLockedRows(of: "d"))
                """, .integer(now), .integer(Int64(max(0, limit)))
            ) { $0.delivery() }
            for delivery in due {
                try changes("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?", .integer(leaseUntil), .integer(delivery.id))
            }
            return due
        }
    }

    /// The condition on `d` that no older delivery of its account to its receiver is open.
    private static let firstOpenDelivery = """
        NOT EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.uid = d.uid AND o.url = d.url AND o.given_up_at IS NULL AND o.id < d.id)
        """

    func deleteDelivery(id: Int64) throws(StoreError) {
        try changes("DELETE FROM webhook_deliveries WHERE id = ?", .integer(id))
    }

    func setDeliveryFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError) {
        try changes(
            "UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?", .integer(retryAt),
            .text(error), .integer(id))
    }

    func setDeliveryGivenUp(id: Int64, at time: Int64, error: String) throws(StoreError) {
        try changes(
            "UPDATE webhook_deliveries SET attempts = attempts + 1, given_up_at = ?, last_error = ? WHERE id = ?", .integer(time),
            .text(error), .integer(id))
    }

    func nextDeliveryAttempt() throws(StoreError) -> Int64? {
        try firstRow("SELECT min(d.next_attempt_at) FROM webhook_deliveries d WHERE d.given_up_at IS NULL AND \(Self.firstOpenDelivery)") {
            $0.optionalInteger(0)
        } ?? nil
    }

    func undeliverableWebhooks(limit: Int) throws(StoreError) -> [StoredDelivery] {
        try allRows(
            """
            SELECT d.id, d.url, d.attempts, d.last_error, \(StoreColumns.eventOfE)
            FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
            WHERE d.given_up_at IS NOT NULL ORDER BY d.given_up_at DESC, d.id DESC LIMIT ?
            """, .integer(Int64(max(0, limit)))
        ) { $0.delivery() }
    }
}

extension SQLRow {
    /// The event in `StoreColumns.event` order from column `first` on; nil for a type this Genkan
    /// does not know (a newer one wrote it). An actor it cannot read is the system.
    func event(from first: Int32) -> AccountEvent? {
        guard let type = AccountEventType(rawValue: text(first + 2)) else { return nil }
        var event = AccountEvent(
            time: integer(first + 1), type: type, uid: text(first + 3), actor: EventActor(stored: text(first + 4)) ?? .system,
            client: optionalText(first + 5), userAgent: optionalText(first + 6), details: EventDetails(stored: text(first + 7)))
        event.id = integer(first)
        return event
    }

    /// A delivery: id, url, attempts, last error, then its event's columns.
    func delivery() -> StoredDelivery {
        StoredDelivery(id: integer(0), url: text(1), attempts: Int(integer(2)), lastError: optionalText(3), event: event(from: 4))
    }
}
