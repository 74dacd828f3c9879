import Foundation
import GenkanThreads
import Synchronization

/// Delivers the outbox on a background thread, so a request never waits for a mail server.
///
/// The thread sleeps on a condition until `notify()` says a message was queued or the earliest
/// retry falls due; it does not poll, unless other processes queue mail too (`longestSleep`). Each round takes the due messages, sends each through the
/// transport, and then records the outcome: `markSent` only after the transport accepted the
/// message, so a crash or a failed write can repeat a message but never lose one. A failure
/// that can pass (`MailError.isRetryable`) is retried after an exponential, jittered delay
/// (`RetryPolicy`); a permanent one, or the last allowed attempt, gives the message up.
///
/// Every outcome is one log line through `log`: the message's id, the recipient's domain (not
/// the address), and where the message went or the error's code and detail (never the body or
/// a password).
///
/// ```swift
/// let sender = OutboxSender(queue: outbox, transport: transport) { line in errorLog.write(line) }
/// // after committing a transaction that queued mail:
/// sender.notify()
/// // at shutdown:
/// sender.stop()
/// ```
public final class OutboxSender: Sendable {
    private let worker: Worker
    private let thread: Mutex<PosixThread?>

    /// Starts the thread, which first delivers whatever is already due.
    ///
    /// - Parameters:
    ///   - batchSize: messages taken from the queue at a time.
    ///   - longestSleep: the longest the thread sleeps without looking at the queue; nil to wait
    ///     for `notify()` or the earliest retry. Set it when other processes queue mail too
    ///     (several servers on one database): they cannot wake this one, and a message whose
    ///     server died before sending it must still go out.
    ///   - now: the wall clock the queue's times are compared with (tests inject theirs).
    ///   - log: receives one line per outcome, on the sender's thread.
    public init(
        queue: any MailQueue, transport: any MailTransport, policy: RetryPolicy = RetryPolicy(), batchSize: Int = 20,
        longestSleep: Duration? = nil, now: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void
    ) {
        let worker = Worker(
            queue: queue, transport: transport, policy: policy, batchSize: max(1, batchSize), longestSleep: longestSleep, now: now,
            log: log)
        self.worker = worker
        thread = Mutex(PosixThread { worker.run() })
    }

    deinit { stop() }

    /// Wakes the sender: a message was queued (call it after the transaction commits).
    public func notify() {
        worker.signal { $0.notified = true }
    }

    /// Wakes the sender and waits for its thread to end. A delivery in progress is finished
    /// (bounded by the transport's timeouts) and recorded; nothing else is started. Idempotent.
    public func stop() {
        worker.signal { $0.stopping = true }
        guard let thread = thread.withLock({ value -> PosixThread? in defer { value = nil }; return value }) else { return }
        if !thread.isCurrent { thread.join() }
    }
}

extension OutboxSender {
    /// The thread's side.
    final class Worker: @unchecked Sendable {
        struct State {
            var notified = false
            var stopping = false
        }

        /// The wait after the queue failed or claimed a due message it then did not return.
        static let idleRecheck: Duration = .seconds(1)

        let queue: any MailQueue
        let transport: any MailTransport
        let policy: RetryPolicy
        let batchSize: Int
        let longestSleep: Duration?
        let now: @Sendable () -> Date
        let log: @Sendable (String) -> Void
        private let state = ConditionLock(State())
        private var random = SystemRandomNumberGenerator()

        init(
            queue: any MailQueue, transport: any MailTransport, policy: RetryPolicy, batchSize: Int, longestSleep: Duration?,
            now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void
        ) {
            self.queue = queue
            self.transport = transport
            self.policy = policy
            self.batchSize = batchSize
            self.longestSleep = longestSleep
            self.now = now
            self.log = log
        }

        func signal(_ change: (inout State) -> Void) {
            state.withLock { change(&$0) }
            state.broadcast()
        }

        private var isStopping: Bool { state.withLock { $0.stopping } }

        func run() {
            while true {
                // A notify() from here on is seen by the wait below: this round may miss it.
                let stopping = state.withLock { state -> Bool in
                    state.notified = false
                    return state.stopping
                }
                if stopping { return }

                var next: Date?
                do {
                    // Messages handled in this round: a queue that hands one back before its
                    // retry time (its write failed) must not make the round send it again.
                    var seen = Set<Int64>()
                    var stalled = false
                    var batch: [QueuedMail]
                    repeat {
                        batch = try queue.dueMail(now: now(), limit: batchSize)
                        for mail in batch {
                            guard seen.insert(mail.id).inserted else {
                                stalled = true
                                continue
                            }
                            if isStopping { return }
                            if !deliver(mail) { stalled = true }
                        }
                    } while batch.count == batchSize && !stalled
                    next = try queue.earliestAttempt()
                    if let due = next, due <= now(), stalled || seen.isEmpty {
                        // Due, yet not taken or not recorded: give the queue a moment.
                        next = now() + Self.timeInterval(Self.idleRecheck)
                    }
                } catch {
                    log("outbox: cannot read the queue (\(error)); trying again in \(Self.seconds(Self.idleRecheck))s")
                    next = now() + Self.timeInterval(Self.idleRecheck)
                }

                if let longestSleep {
                    let latest = now() + Self.timeInterval(longestSleep)
                    next = min(next ?? latest, latest)
                }
                let deadline = next.map { Deadline.after(.milliseconds(Int64((($0.timeIntervalSince(now())) * 1000).rounded(.up)))) }
                state.withLock(when: { $0.stopping || $0.notified }, before: deadline) { _, _ in }
            }
        }

        /// Sends one message and records the outcome; false when the queue could not record it.
        private func deliver(_ mail: QueuedMail) -> Bool {
            let domain = mail.recipient.lastIndex(of: "@").map { mail.recipient[$0...] } ?? ""
            let name = "mail \(mail.id) to …\(domain)"
            let delivery: MailDelivery
            do throws(MailError) {
                delivery = try transport.send(mail.bytes, envelope: MailEnvelope(sender: mail.sender, recipients: [mail.recipient]))
            } catch {
                return failed(mail, name: name, error: error)
            }
            do {
                try queue.markSent(mail.id)
                log("\(name): delivered to \(delivery)")
                return true
            } catch {
                log("\(name): delivered to \(delivery), but the outbox could not record it (\(error)); it may be sent again")
                return false
            }
        }

        private func failed(_ mail: QueuedMail, name: String, error: MailError) -> Bool {
            let attempt = mail.attempts + 1
            do {
                if !error.isRetryable || attempt >= policy.maximumAttempts {
                    try queue.giveUp(mail.id, error: error)
                    let why = error.isRetryable ? "after \(attempt) attempts" : "at attempt \(attempt), a permanent failure"
                    log("\(name): given up \(why): \(error)")
                } else {
                    let delay = policy.delay(afterFailures: attempt, using: &random)
                    try queue.markFailed(mail.id, retryAt: now() + Self.timeInterval(delay), error: error)
                    log("\(name): attempt \(attempt) of \(policy.maximumAttempts) failed: \(error); next in \(Self.seconds(delay))s")
                }
                return true
            } catch let queueError {
                log("\(name): attempt \(attempt) failed (\(error)), and the outbox could not record it (\(queueError))")
                return false
            }
        }

        static func timeInterval(_ duration: Duration) -> TimeInterval {
            let (seconds, attoseconds) = duration.components
            return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
        }

        static func seconds(_ duration: Duration) -> String {
            let tenths = (timeInterval(duration) * 10).rounded()
            return String(Int(tenths) / 10) + "." + String(Int(tenths) % 10)
        }
    }
}
