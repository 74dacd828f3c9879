import Testing
@testable import GenkanStore

/// What every `Storage` must do with limit buckets, failure counts and the outbox.
@Suite struct LimitAndOutboxConformanceTests {
    let clock = ManualClock()

    @Test(arguments: StoreKind.available) func concurrentSpendsNeverExceedALimit(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let limit = StoredLimit("test.spend", LimitRule(capacity: 5, refillPerMinute: 1))
        _ = try database.connect(clock: clock)  // created and migrated once, as a server's start does
        let allowed = Outcomes<Bool>()
        runTogether(12) { _ in
            guard let connection = try? database.connect(clock: self.clock) else { return }
            for _ in 0..<2 {
                if let decision = try? connection.spendLimit(limit, key: "client") { allowed.append(decision.allowed) }
            }
        }
        #expect(allowed.all.count == 24 && allowed.all.filter { $0 }.count == 5)
        let store = try database.connect(clock: self.clock)
        let refused = try store.peekLimit(limit, key: "client")
        #expect(!refused.allowed && refused.retryAfter == 60)
        // Draining: a minute later one more; the sweep keeps what has not drained.
        clock.advance(by: 60)
        #expect(try store.spendLimit(limit, key: "client").allowed)
        #expect(try store.deleteDrainedLimits() == 0)
        try store.refundLimit(limit, key: "client")
        clock.advance(by: 5 * 60)
        #expect(try store.deleteDrainedLimits() == 1)
        #expect(try store.storage.limitBucket(name: limit.name, key: "client") == nil)
    }

    @Test(arguments: StoreKind.available) func failureCountsLiveOnTheAccount(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let taro = try store.createAccount(NewAccount(email: "Taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        for _ in 0..<3 { try store.storage.addFailedSignIn(accountID: taro.id) }
        #expect(try store.storage.failedSignIns(emailKey: "taro@example.com")?.failures == 3)
        #expect(try store.storage.failedSignIns(emailKey: "taro@example.com")?.accountID == taro.id)
        #expect(try store.storage.failedSignIns(emailKey: "nobody@example.com") == nil)
        try store.replacePassword(accountID: taro.id, passwordHash: "$y")
        #expect(try store.failedSignIns(accountID: taro.id) == 0)
        #expect(try store.failedSignIns(accountID: taro.id + 9) == nil)
    }

    @Test(arguments: StoreKind.available) func theOutboxDeliversInOrderAndForgets(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let first = try store.enqueueMail(testMail(to: "taro@example.com", token: "1"), accountID: taro.id)
        clock.advance(by: 1)
        let second = try store.enqueueMail(testMail(to: "hanako@example.com", token: "2"))
        #expect(second > first)
        #expect(try store.dueMail().map(\.id) == [first, second])
        #expect(try store.dueMail(limit: 1).map(\.id) == [first])
        #expect(try store.dueMail().first?.mail == testMail(to: "taro@example.com", token: "1"))
        try store.markFailed(id: first, retryAt: clock.now + 60, error: String(repeating: "e", count: 900))
        #expect(try store.dueMail().map(\.id) == [second])
        #expect(try store.nextMailAttempt() == clock.now - 1 + 1)
        try store.markSent(id: second)
        #expect(try store.nextMailAttempt() == clock.now + 60)
        clock.advance(by: 60)
        let retried = try #require(try store.dueMail().first)
        #expect(retried.attempts == 1 && retried.lastError?.count == AccountStore.maximumErrorLength)
        try store.giveUp(id: first, error: "550 no such user")
        #expect(try store.dueMail().isEmpty && store.nextMailAttempt() == nil)
        let failed = try #require(try store.undeliverableMail().first)
        #expect(failed.id == first && failed.mail.message.isEmpty && failed.lastError == "550 no such user" && failed.attempts == 2)
        // An envelope with a line break is refused.
        #expect(throws: StoreError.self) {
            _ = try store.enqueueMail(OutgoingMail(sender: "a@example.com", recipient: "b@example.com\r\nRCPT TO:<c@example.com>", message: []))
        }
        #expect(throws: StoreError.self) { _ = try store.enqueueMail(OutgoingMail(sender: "", recipient: "b@example.com", message: [])) }
        // Deleting the account deletes its mail, given up on or not.
        _ = try store.enqueueMail(testMail(to: "taro@example.com", token: "3"), accountID: taro.id)
        try store.deleteAccount(id: taro.id)
        #expect(try store.dueMail().isEmpty && store.undeliverableMail().isEmpty)
    }
}
