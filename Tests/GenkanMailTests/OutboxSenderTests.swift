import Foundation
import Synchronization
import GenkanThreads
import Testing
@testable import GenkanMail

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(2))) struct OutboxSenderTests {
    static let body = "この本文はログに出てはいけません"

    static func message(to recipient: String = "taro@example.com") throws -> MailMessage {
        try MailMessage(
            from: MailAddress("noreply@genkan.example", displayName: "玄関"), to: [MailAddress(recipient)],
            subject: "パスワードの再設定", text: Self.body, html: "<p>\(Self.body)</p>")
    }

    @discardableResult
    static func enqueue(_ message: MailMessage, in queue: MemoryMailQueue) -> Int64 {
        queue.enqueue(sender: message.envelope.sender, recipient: message.envelope.recipients[0], bytes: message.bytes)
    }

    static let fast = RetryPolicy(maximumAttempts: 50, initialDelay: .milliseconds(100), maximumDelay: .milliseconds(400))

    @Test func aMessageQueuedWhileTheServerIsDownArrivesOnceWhenItIsBack() throws {
        let port = try freeLoopbackPort()
        let transport = try SMTPTransport(url: "smtp://127.0.0.1:\(port)", connectTimeout: .seconds(5), timeout: .seconds(20))
        let queue = MemoryMailQueue(), log = LogLines()
        let sender = OutboxSender(queue: queue, transport: transport, policy: Self.fast, log: log.append)
        defer { sender.stop() }
        let message = try Self.message()
        let id = Self.enqueue(message, in: queue)
        sender.notify()

        try eventually("a failed attempt while the server is down") { (queue.entry(id)?.failures.count ?? 0) >= 1 }
        #expect(queue.entry(id)?.failures.first?.error.code == .connectionFailed)
        #expect(queue.entry(id)?.status == .pending)

        let server = try SMTPTestServer(.init(port: port))
        let received = try server.waitForMessages(1)
        try eventually("the message marked sent") { queue.entry(id)?.status == .sent }
        sender.stop()

        #expect(try server.received().count == 1)
        #expect(received.first?.bytes == message.bytes)
        #expect(queue.entry(id)?.sentCount == 1)
        let lines = log.all
        #expect(lines.contains { $0.hasPrefix("mail \(id) to …@example.com: attempt 1 of 50 failed: mail.smtp.connection-failed") }, "\(lines)")
        #expect(lines.last == "mail \(id) to …@example.com: delivered to smtp://127.0.0.1:\(port)", "\(lines)")
        #expect(lines.allSatisfy { !$0.contains(Self.body) && !$0.contains("taro@") })
    }

    @Test func aRejectedRecipientIsGivenUpAtOnce() throws {
        let server = try SMTPTestServer(.init(rejected: ["nobody@example.com"]))
        let queue = MemoryMailQueue(), log = LogLines()
        let sender = OutboxSender(queue: queue, transport: try SMTPTransport(url: server.url()), policy: Self.fast, log: log.append)
        defer { sender.stop() }
        let id = Self.enqueue(try Self.message(to: "nobody@example.com"), in: queue)
        sender.notify()

        try eventually("the message given up") { queue.entry(id)?.status == .givenUp(.rejected) }
        #expect(queue.entry(id)?.failures.count == 1)
        #expect(try server.received().isEmpty)
        let line = try #require(log.all.last)
        #expect(line.hasPrefix("mail \(id) to …@example.com: given up at attempt 1, a permanent failure: mail.smtp.rejected [550]"), "\(line)")
        #expect(!line.contains(Self.body))
    }

    @Test func aDeferredRecipientIsRetriedWithBackoffThenGivenUp() throws {
        let server = try SMTPTestServer(.init(deferred: ["later@example.com"]))
        let queue = MemoryMailQueue(), log = LogLines()
        let policy = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(200), maximumDelay: .seconds(10))
        let sender = OutboxSender(queue: queue, transport: try SMTPTransport(url: server.url()), policy: policy, log: log.append)
        defer { sender.stop() }
        let id = Self.enqueue(try Self.message(to: "later@example.com"), in: queue)
        sender.notify()

        try eventually("the message given up after 3 attempts") { queue.entry(id)?.status == .givenUp(.deferred) }
        let failures = try #require(queue.entry(id)?.failures)
        #expect(failures.count == 3)
        #expect(failures.allSatisfy { $0.error.replyCode == 451 && $0.error.isRetryable })
        // Waits of at least half of each step: 200 ms, then 400 ms (equal jitter).
        #expect(failures[1].at.timeIntervalSince(failures[0].at) >= 0.1)
        #expect(failures[2].at.timeIntervalSince(failures[1].at) >= 0.2)
        #expect(log.all.filter { $0.contains("failed: mail.smtp.deferred [451]") }.count == 2)
        #expect(log.all.last?.hasPrefix("mail \(id) to …@example.com: given up after 3 attempts: mail.smtp.deferred [451]") == true)
        #expect(try server.received().isEmpty)
    }

    @Test func notifyWakesAnIdleSenderThatOtherwiseWaits() throws {
        let directory = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = CountingQueue(MemoryMailQueue())
        let log = LogLines()
        let sender = OutboxSender(queue: queue, transport: DirectoryTransport(directory: directory.path), log: log.append)
        defer { sender.stop() }
        // The first round finds nothing and the sender waits; a second and a half shows no polling.
        try eventually("the first round") { queue.earliestCalls.load(ordering: .relaxed) == 1 }
        usleep(1_500_000)
        #expect(queue.dueCalls.load(ordering: .relaxed) == 1)

        let id = Self.enqueue(try Self.message(), in: queue.base)
        sender.notify()
        try eventually("the message written") { queue.base.entry(id)?.status == .sent }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        #expect(log.all == ["mail \(id) to …@example.com: delivered to \(directory.path)/\(files[0])"])
    }

    /// With `longestSleep` (several servers on one database), a message another process queued,
    /// which no `notify()` announces, is found and sent within that time.
    @Test func aSenderOfASharedQueueFindsMailItWasNotToldOf() throws {
        let directory = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = CountingQueue(MemoryMailQueue())
        let sender = OutboxSender(
            queue: queue, transport: DirectoryTransport(directory: directory.path), longestSleep: .milliseconds(300), log: { _ in })
        defer { sender.stop() }
        try eventually("the first round") { queue.earliestCalls.load(ordering: .relaxed) == 1 }
        let id = Self.enqueue(try Self.message(), in: queue.base)  // no notify()
        let started = ContinuousClock.now
        try eventually("the message written") { queue.base.entry(id)?.status == .sent }
        #expect(started.duration(to: .now) < .seconds(5))
        #expect(queue.dueCalls.load(ordering: .relaxed) >= 2)
    }

    @Test func stopWakesASenderWaitingForALateRetry() throws {
        let queue = MemoryMailQueue(), log = LogLines()
        let policy = RetryPolicy(maximumAttempts: 5, initialDelay: .seconds(3600))
        let sender = OutboxSender(queue: queue, transport: FailingTransport(), policy: policy, log: log.append)
        let id = Self.enqueue(try Self.message(), in: queue)
        sender.notify()
        try eventually("the first failure") { queue.entry(id)?.failures.count == 1 }
        let started = ContinuousClock.now
        sender.stop()
        #expect(ContinuousClock.now - started < .seconds(10))  // not the hour it was waiting for
        sender.stop()  // idempotent
        #expect(queue.entry(id)?.status == .pending)
    }

    @Test func aMessageIsMarkedSentOnlyAfterTheTransportAccepted() throws {
        let queue = MemoryMailQueue(), log = LogLines()
        let transport = GateTransport()
        let sender = OutboxSender(queue: queue, transport: transport, log: log.append)
        defer { sender.stop() }
        let id = Self.enqueue(try Self.message(), in: queue)
        sender.notify()
        try eventually("the transport holding the message") { transport.entered.load(ordering: .acquiring) }
        #expect(queue.entry(id)?.status == .pending)
        transport.release()
        try eventually("the message marked sent") { queue.entry(id)?.status == .sent }
        #expect(queue.entry(id)?.sentCount == 1)
    }

    @Test func aQueueFailureIsLoggedAndTheSenderCarriesOn() throws {
        let directory = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = CountingQueue(MemoryMailQueue(), failuresFirst: 1)
        let log = LogLines()
        let id = Self.enqueue(try Self.message(), in: queue.base)
        let sender = OutboxSender(queue: queue, transport: DirectoryTransport(directory: directory.path), log: log.append)
        defer { sender.stop() }
        try eventually("the message written after the queue recovered") { queue.base.entry(id)?.status == .sent }
        #expect(log.all.first?.hasPrefix("outbox: cannot read the queue (") == true, "\(log.all)")
    }

    @Test func aQueueThatCannotRecordFailuresIsNotHammered() throws {
        // markFailed throws, so the message stays due: the sender must not resend it in a loop.
        let queue = CountingQueue(MemoryMailQueue(), recordingFails: true)
        let transport = FailingTransport()
        let log = LogLines()
        let id = Self.enqueue(try Self.message(), in: queue.base)
        let sender = OutboxSender(queue: queue, transport: transport, policy: Self.fast, log: log.append)
        try eventually("the first attempt") { transport.attempts.load(ordering: .relaxed) >= 1 }
        usleep(1_500_000)
        sender.stop()
        #expect((1...4).contains(transport.attempts.load(ordering: .relaxed)))  // one a second, not thousands
        #expect(log.all.first?.hasPrefix("mail \(id) to …@example.com: attempt 1 failed (mail.smtp.connection-failed") == true, "\(log.all)")
        #expect(log.all.first?.hasSuffix("and the outbox could not record it (database is locked)") == true)
    }

    @Test func backoffDoublesUpToItsCapWithEqualJitter() {
        let policy = RetryPolicy(maximumAttempts: 8, initialDelay: .seconds(60), maximumDelay: .seconds(600))
        #expect((1...6).map { policy.step(afterFailures: $0) } == [60, 120, 240, 480, 600, 600].map { Duration.seconds($0) })
        var generator = SystemRandomNumberGenerator()
        for failures in 1...6 {
            let step = policy.step(afterFailures: failures)
            for _ in 0..<200 {
                let delay = policy.delay(afterFailures: failures, using: &generator)
                #expect(delay >= step / 2 && delay <= step)
            }
        }
        #expect(RetryPolicy(maximumAttempts: 0).maximumAttempts == 1)
        #expect(RetryPolicy().step(afterFailures: 1000) == .seconds(4 * 3600))
    }
}

/// A transport that always fails with a retryable error.
final class FailingTransport: MailTransport {
    let attempts = Atomic<Int>(0)

    func send(_ bytes: [UInt8], envelope: MailEnvelope) throws(MailError) -> MailDelivery {
        attempts.add(1, ordering: .relaxed)
        throw MailError(.connectionFailed, "test: nothing listens")
    }
}

/// A transport that holds each message until `release()`.
final class GateTransport: MailTransport {
    let entered = Atomic<Bool>(false)
    private let gate = DispatchSemaphore(value: 0)

    func send(_ bytes: [UInt8], envelope: MailEnvelope) throws(MailError) -> MailDelivery {
        entered.store(true, ordering: .releasing)
        gate.wait()
        return MailDelivery(location: "gate")
    }

    func release() { gate.signal() }
}

/// Counts the sender's reads of a queue, and can fail the first ones.
final class CountingQueue: MailQueue {
    let base: MemoryMailQueue
    let dueCalls = Atomic<Int>(0)
    let earliestCalls = Atomic<Int>(0)
    private let failuresLeft: Atomic<Int>
    private let recordingFails: Bool

    init(_ base: MemoryMailQueue, failuresFirst: Int = 0, recordingFails: Bool = false) {
        self.base = base
        failuresLeft = Atomic(failuresFirst)
        self.recordingFails = recordingFails
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "database is locked" }
    }

    func dueMail(now: Date, limit: Int) throws -> [QueuedMail] {
        dueCalls.add(1, ordering: .relaxed)
        if failuresLeft.subtract(1, ordering: .relaxed).oldValue > 0 { throw Unavailable() }
        return try base.dueMail(now: now, limit: limit)
    }

    func markSent(_ id: Int64) throws { try base.markSent(id) }
    func markFailed(_ id: Int64, retryAt: Date, error: MailError) throws {
        if recordingFails { throw Unavailable() }
        try base.markFailed(id, retryAt: retryAt, error: error)
    }
    func giveUp(_ id: Int64, error: MailError) throws { try base.giveUp(id, error: error) }

    func earliestAttempt() throws -> Date? {
        earliestCalls.add(1, ordering: .relaxed)
        return try base.earliestAttempt()
    }
}
