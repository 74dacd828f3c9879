import Foundation
import GenkanSQL
import Testing
@testable import GenkanStore

/// What every `Storage` must do with the event log, its webhook deliveries and administrators.
@Suite struct EventStorageConformanceTests {
    let clock = ManualClock()

    private func account(_ email: String, in store: AccountStore) throws -> Account {
        try store.createAccount(NewAccount(email: email, displayName: "", nameKey: "", passwordHash: "$x"))
    }

    /// Events are read newest first, by account, type, time and page; every field comes back as
    /// it was recorded, the request's origin included.
    @Test(arguments: StoreKind.available) func eventsAreReadBackNewestFirst(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try account("taro@example.com", in: store), hanako = try account("hanako@example.com", in: store)
        store.origin = EventOrigin(client: "2001:db8:1:2::", userAgent: String(repeating: "é", count: 300), door: .page)
        let first = try store.record(.signInFailed, uid: taro.uid, details: EventDetails(method: "password", reason: "wrong-password"))
        clock.advance(by: 10)
        store.origin = .commandLine
        let second = try store.record(.adminGranted, uid: hanako.uid, actor: .system)
        clock.advance(by: 10)
        store.origin = EventOrigin(client: "192.0.2.7", userAgent: nil, door: .api)
        let third = try store.record(
            .claimsChanged, uid: taro.uid, actor: .administrator(uid: hanako.uid), details: EventDetails(count: 2, claims: ["role", "tier"]))
        #expect(first < second && second < third)

        let all = try store.events()
        #expect(all.map(\.id) == [third, second, first])
        let failed = try #require(all.last)
        #expect(failed.type == .signInFailed && failed.uid == taro.uid && failed.actor == .user && failed.time == clock.now - 20)
        #expect(failed.client == "2001:db8:1:2::" && failed.userAgent?.utf8.count == AccountEvent.maximumUserAgentBytes)
        #expect(failed.details == EventDetails(method: "password", door: .page, reason: "wrong-password"))
        #expect(all[1].actor == .system && all[1].client == nil && all[1].details.door == .cli)
        #expect(all[0].actor == .administrator(uid: hanako.uid) && all[0].details.claims == ["role", "tier"] && all[0].details.door == .api)

        #expect(try store.events(uid: taro.uid).map(\.id) == [third, first])
        #expect(try store.events(types: [.adminGranted, .signInFailed]).map(\.id) == [second, first])
        #expect(try store.events(since: clock.now - 10).map(\.id) == [third, second])
        #expect(try store.events(limit: 2).map(\.id) == [third, second])
        #expect(try store.events(before: second).map(\.id) == [first])
        #expect(try store.events(uid: "nobody").isEmpty)
        #expect(try store.recentEvents(uid: taro.uid).map(\.id) == [third, first])
        clock.advance(by: 31 * 86_400)
        #expect(try store.recentEvents(uid: taro.uid).isEmpty)

        // What the table refuses writes nothing.
        store.origin = EventOrigin(client: String(repeating: "1", count: 65), userAgent: nil, door: .page)
        #expect(throws: StoreError.self) { try store.record(.signedOut, uid: taro.uid) }
        #expect(throws: StoreError.self) { try store.storage.insertEvent(AccountEvent(time: 1, type: .signedOut, uid: "", actor: .user, client: nil, userAgent: nil), webhookURLs: []) }
        #expect(try store.events().count == 3)
    }

    /// An export reads the log oldest first in batches, past rows of a type a newer Genkan wrote.
    @Test(arguments: StoreKind.available) func anExportReadsEveryBatch(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try account("taro@example.com", in: store)
        var recorded: [Int64] = []
        for index in 0..<7 {
            if index == 3 {
                let sql = try #require(store.storage as? SQLStore)
                try sql.changes(
                    "INSERT INTO events (time, type, uid, actor) VALUES (?, 'account.teleported', ?, 'user')", .integer(clock.now),
                    .text(taro.uid))
            }
            recorded.append(try store.record(index.isMultiple(of: 2) ? .signInSucceeded : .signedOut, uid: taro.uid))
            clock.advance(by: 1)
        }
        var batches: [[Int64]] = []
        try store.forEachEvent(batchSize: 2) { batch in batches.append(batch.map(\.id)) }
        #expect(batches.joined().map { $0 } == recorded)
        #expect(batches.count == 4)
        var signIns: [Int64] = []
        try store.forEachEvent(since: clock.now - 5, types: [.signInSucceeded], batchSize: 1) { signIns += $0.map(\.id) }
        #expect(signIns == [recorded[2], recorded[4], recorded[6]])
        // The newest-first reader leaves the unknown row out too.
        #expect(try store.events().map(\.id) == recorded.reversed())
    }

    /// Expired events go a batch at a time, oldest first, with the deliveries still waiting for them.
    @Test(arguments: StoreKind.available) func expiredEventsGoInBatches(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try account("taro@example.com", in: store)
        store.webhookURLs = ["https://hooks.example.com/a"]
        for _ in 0..<5 { try store.record(.signInSucceeded, uid: taro.uid) }
        #expect(store.takeQueuedWebhooks() && !store.takeQueuedWebhooks())
        clock.advance(by: 86_400)
        let kept = try store.record(.signedOut, uid: taro.uid)
        clock.advance(by: 89 * 86_400 + 1)
        #expect(try store.deleteExpiredEvents(olderThanDays: 90, limit: 2) == 2)
        #expect(try store.deleteExpiredEvents(olderThanDays: 90, limit: 2) == 2)
        #expect(try store.deleteExpiredEvents(olderThanDays: 90, limit: 2) == 1)
        #expect(try store.deleteExpiredEvents(olderThanDays: 90, limit: 2) == 0)
        #expect(try store.events().map(\.id) == [kept])
        #expect(try store.claimDueWebhooks(limit: 10).map { $0.event?.id } == [kept])
    }

    /// Of each account's deliveries to a receiver only the oldest open one is claimable: a failure
    /// holds the ones behind it, giving up lets them go, a lease hides a claimed one until it ends.
    /// Events recorded for many accounts at once (an import) are stored in order, many to a
    /// statement, each as one recorded alone; with receivers, each gets its deliveries.
    @Test(arguments: StoreKind.available) func eventsForManyAccountsAreStoredInOrder(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        store.origin = .commandLine
        let uids = (0..<250).map { "u\($0)" }
        try store.storage.transaction { () throws(StoreError) in
            try store.recordEach(.accountCreated, uids: uids, actor: .system, details: EventDetails(method: "import"))
        }
        let events = try store.events(limit: 1000)
        #expect(events.reversed().map(\.uid) == uids)
        #expect(events.allSatisfy { $0.type == .accountCreated && $0.actor == .system && $0.details == EventDetails(method: "import", door: .cli) })
        #expect(try store.claimDueWebhooks(limit: 10).isEmpty)

        store.webhookURLs = ["https://a.example.com/hook"]
        try store.storage.transaction { () throws(StoreError) in
            try store.recordEach(.accountCreated, uids: ["w1", "w2"], actor: .system, details: EventDetails(method: "import"))
        }
        #expect(try store.claimDueWebhooks(limit: 10).map { $0.event?.uid } == ["w1", "w2"])
        // What the table refuses writes nothing, the events before it in the call neither.
        #expect(throws: StoreError.self) {
            try store.storage.transaction { () throws(StoreError) in
                try store.recordEach(.accountCreated, uids: ["x1", ""], actor: .system, details: EventDetails())
            }
        }
        #expect(try store.events(uid: "x1").isEmpty)
    }

    @Test(arguments: StoreKind.available) func deliveriesGoInOrderPerAccountAndReceiver(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try account("taro@example.com", in: store), hanako = try account("hanako@example.com", in: store)
        let a = "https://a.example.com/hook", b = "http://127.0.0.1:9/hook"
        store.webhookURLs = [a, b]
        let taro1 = try store.record(.accountCreated, uid: taro.uid)
        let hanako1 = try store.record(.accountCreated, uid: hanako.uid)
        clock.advance(by: 1)
        let taro2 = try store.record(.signInSucceeded, uid: taro.uid)
        // Written, not yet due: nothing before its time.
        #expect(try store.claimDueWebhooks(now: clock.now - 2).isEmpty)

        let firstRound = try store.claimDueWebhooks(limit: 10, leaseSeconds: 60)
        #expect(firstRound.map { [$0.event?.id, $0.url] as [AnyHashable?] } == [[taro1, a], [taro1, b], [hanako1, a], [hanako1, b]])
        #expect(firstRound.allSatisfy { $0.attempts == 0 && $0.lastError == nil && $0.event?.type == .accountCreated })
        // Leased: nothing more until a lease ends or an outcome is recorded.
        #expect(try store.claimDueWebhooks(limit: 10).isEmpty)
        #expect(try store.nextWebhookAttempt() == clock.now + 60)

        let byKey = Dictionary(uniqueKeysWithValues: firstRound.map { ("\($0.event!.uid) \($0.url)", $0.id) })
        try store.markWebhookDelivered(id: byKey["\(taro.uid) \(a)"]!)
        try store.markWebhookFailed(id: byKey["\(taro.uid) \(b)"]!, retryAt: clock.now + 30, error: String(repeating: "x", count: 900))
        try store.giveUpWebhook(id: byKey["\(hanako.uid) \(a)"]!, error: "answered 410")
        try store.markWebhookDelivered(id: byKey["\(hanako.uid) \(b)"]!)
        // Taro's second event goes to a; to b it waits behind the failed first.
        #expect(try store.claimDueWebhooks(limit: 10).map { [$0.event?.id, $0.url] as [AnyHashable?] } == [[taro2, a]])
        #expect(try store.nextWebhookAttempt() == clock.now + 30)
        clock.advance(by: 30)
        let retried = try store.claimDueWebhooks(limit: 10)
        #expect(retried.map { [$0.event?.id, $0.url] as [AnyHashable?] } == [[taro1, b]])
        #expect(retried.first?.attempts == 1 && retried.first?.lastError?.count == AccountStore.maximumErrorLength)
        try store.giveUpWebhook(id: retried[0].id, error: "timed out")
        let next = try store.claimDueWebhooks(limit: 10)
        #expect(next.map { [$0.event?.id, $0.url] as [AnyHashable?] } == [[taro2, b]])
        for delivery in next { try store.markWebhookDelivered(id: delivery.id) }
        clock.advance(by: 60)
        try store.markWebhookDelivered(id: try #require(try store.claimDueWebhooks(limit: 10).first).id)
        #expect(try store.nextWebhookAttempt() == nil && store.claimDueWebhooks(limit: 10).isEmpty)
        let undeliverable = try store.undeliverableWebhooks()
        #expect(undeliverable.map(\.lastError) == ["timed out", "answered 410"])
        #expect(undeliverable.map(\.attempts) == [2, 1])
    }

    /// Six senders (each its own connection, as each server's sender has) claim one delivery at a
    /// time and deliver it: every delivery goes out once, and each account's in the order of its
    /// events.
    @Test(arguments: StoreKind.available) func racingSendersDeliverEachOnceInOrder(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        store.webhookURLs = ["https://hooks.example.com/a"]
        let accounts = try (0..<4).map { try account("user\($0)@example.com", in: store) }
        var recorded: [String: [Int64]] = [:]
        for index in 0..<40 {
            let uid = accounts[index % 4].uid
            recorded[uid, default: []].append(try store.record(.signInSucceeded, uid: uid))
        }
        let delivered = Outcomes<(uid: String, id: Int64)>()
        runTogether(6) { _ in
            guard let sender = try? database.connect(clock: self.clock) else { return }
            var idle = 0
            while idle < 50 {
                guard let claimed = try? sender.claimDueWebhooks(limit: 1, leaseSeconds: 300), let delivery = claimed.first,
                    let event = delivery.event
                else {
                    idle += 1
                    usleep(2000)
                    continue
                }
                idle = 0
                // Appended while the claim is held: the next of the account cannot be claimed yet.
                delivered.append((event.uid, event.id))
                try? sender.markWebhookDelivered(id: delivery.id)
            }
        }
        #expect(Dictionary(grouping: delivered.all, by: \.uid).mapValues { $0.map(\.id) } == recorded)
        #expect(try store.nextWebhookAttempt() == nil)
    }

    /// Granting and revoking the role, each an event; the list, oldest grant first.
    @Test(arguments: StoreKind.available) func administratorsAreGrantedAndRevoked(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try account("Taro@example.com", in: store), hanako = try account("hanako@example.com", in: store)
        store.origin = .commandLine
        guard case .changed(let granted) = try store.grantAdministrator(email: "taro@example.com") else {
            Issue.record("not granted")
            return
        }
        #expect(granted.adminSince == clock.now && granted.isAdministrator)
        #expect(try store.grantAdministrator(email: "TARO@example.com") == .unchanged(granted))
        clock.advance(by: 5)
        _ = try store.grantAdministrator(email: "hanako@example.com")
        #expect(try store.grantAdministrator(email: "nobody@example.com") == .noAccount)
        #expect(try store.administrators().map(\.uid) == [taro.uid, hanako.uid])
        #expect(try store.account(id: taro.id)?.isAdministrator == true)
        #expect(try store.unexpiredSession(token: store.createSession(accountID: taro.id, userAgent: nil).token)?.account.adminSince == granted.adminSince)

        guard case .changed(let revoked) = try store.revokeAdministrator(email: "taro@example.com") else {
            Issue.record("not revoked")
            return
        }
        #expect(!revoked.isAdministrator)
        #expect(try store.revokeAdministrator(email: "taro@example.com") == .unchanged(revoked))
        #expect(try store.administrators().map(\.uid) == [hanako.uid])
        let events = try store.events()
        #expect(events.map(\.type) == [.adminRevoked, .adminGranted, .adminGranted])
        #expect(events.map(\.uid) == [taro.uid, hanako.uid, taro.uid])
        #expect(events.allSatisfy { $0.actor == .system && $0.details.door == .cli })
        // Deleting the account deletes the role with it; its events stay.
        try store.deleteAccount(id: hanako.id)
        #expect(try store.administrators().isEmpty && store.events().count == 3)
    }
}
