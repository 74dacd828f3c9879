import Foundation
import GenkanJSON
import GenkanThreads
import GenkanWebhooks
import Testing

@Suite(.serialized, .timeLimit(.minutes(2))) struct WebhookSenderTests {
    static let secret = WebhookSecret(key: Array("genkan webhook sender test secret".utf8))!
    static let fast = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(100), maximumDelay: .milliseconds(200))

    static func message(_ index: Int, account: String) -> WebhookMessage {
        WebhookMessage(
            id: "evt_\(index)", type: "sign_in.succeeded", timestamp: "2026-12-01T11:47:38Z",
            data: .object([("uid", .string(account)), ("n", .integer(index))]))!
    }

    static func waitUntil(_ condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    @Test func eachEventArrivesOnceSignedAndInOrderPerAccount() throws {
        let server = try HookServer(secret: Self.secret.serialized)
        let queue = MemoryWebhookQueue(), log = LogLines()
        for index in 1...12 { queue.enqueue(url: server.url("/events"), account: index % 3 == 0 ? "a" : "b", message: Self.message(index, account: "x")) }
        let sender = WebhookSender(queue: queue, signer: WebhookSigner(secret: Self.secret), policy: Self.fast, log: log.append)
        defer { sender.stop() }
        Self.waitUntil { queue.snapshot.allSatisfy(\.done) }
        let entries = server.entries
        #expect(entries.count == 12)
        #expect(entries.allSatisfy { $0["rejected"] == nil })
        let ids = entries.compactMap { $0["id"]?.stringValue }
        #expect(Set(ids).count == 12)
        // Account "a" got 3, 6, 9, 12 in that order.
        let order = ids.filter { ["evt_3", "evt_6", "evt_9", "evt_12"].contains($0) }
        #expect(order == ["evt_3", "evt_6", "evt_9", "evt_12"])
        #expect(log.all.filter { $0.contains("delivered (204)") }.count == 12)
    }

    @Test func aReceiverThatIsDownHoldsTheAccountsLaterEventsUntilGivenUp() throws {
        let server = try HookServer(secret: Self.secret.serialized)
        let queue = MemoryWebhookQueue(), log = LogLines()
        let first = queue.enqueue(url: server.url("/down"), account: "a", message: Self.message(1, account: "a"))
        queue.enqueue(url: server.url("/down"), account: "a", message: Self.message(2, account: "a"))
        let sender = WebhookSender(queue: queue, signer: WebhookSigner(secret: Self.secret), policy: Self.fast, log: log.append)
        defer { sender.stop() }
        Self.waitUntil { queue.snapshot.allSatisfy(\.done) }
        let rows = queue.snapshot
        #expect(rows.allSatisfy { $0.errors.count == 4 && $0.errors.last?.hasPrefix("given up: answered 503") == true })
        // No attempt of the second before the first was given up.
        let attempts = server.entries.compactMap { $0["id"]?.stringValue }
        #expect(attempts == Array(repeating: "evt_1", count: 4) + Array(repeating: "evt_2", count: 4))
        #expect(first == 1)
        #expect(log.all.contains { $0.contains("given up after 4 attempts: answered 503") })
        #expect(!log.all.contains { $0.contains("whsec_") || $0.contains("\"n\"") })
    }
}
