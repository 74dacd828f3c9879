import Foundation
import GenkanHTTPClient
import GenkanThreads
import Synchronization

/// Delivers the webhook queue on a background thread, so a request never waits for a receiver.
///
/// The thread sleeps on a condition until `notify()` says an event was queued, the earliest retry
/// falls due, or `longestSleep` passes (other servers on the database queue events too, and a
/// delivery whose server died holding its claim must still go out). A round claims the due
/// deliveries (`WebhookQueue.claimDue`: one server per delivery, in order per account), posts each,
/// signed anew at each attempt (`webhook-timestamp` is the attempt's time; `webhook-id` stays the
/// event's), and only then records the outcome: `markDelivered` after a 2xx, so a crash repeats a
/// delivery and never loses one; receivers deduplicate by `webhook-id`. Any other answer or a
/// network failure is retried after an exponential, jittered delay (`RetryPolicy`, at least what a
/// `Retry-After` asks for); 410 Gone, or the last allowed attempt, gives the delivery up.
///
/// Every outcome is one log line: the delivery, the event's id and type, the receiver without its
/// query, and the status or the error (never the body or the secret).
public final class WebhookSender: Sendable {
    private let worker: Worker
    private let thread: Mutex<PosixThread?>

    /// Starts the thread, which first delivers whatever is already due.
    ///
    /// - Parameters:
    ///   - client: posts the deliveries (its timeout bounds an attempt; Standard Webhooks
    ///     suggests 15 to 30 seconds).
    ///   - lease: how long a claim lasts; longer than an attempt can take.
    ///   - now: the wall clock the queue's times are compared with.
    ///   - log: receives one line per outcome, on the sender's thread.
    public init(
        queue: any WebhookQueue, signer: WebhookSigner, client: HTTPClient = WebhookSender.defaultClient,
        policy: RetryPolicy = RetryPolicy(maximumAttempts: 15, initialDelay: .seconds(5), maximumDelay: .seconds(6 * 3600)),
        batchSize: Int = 20, lease: Duration = .seconds(60), longestSleep: Duration? = .seconds(10),
        now: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void
    ) {
        let worker = Worker(
            queue: queue, signer: signer, client: client, policy: policy, batchSize: max(1, batchSize), lease: lease,
            longestSleep: longestSleep, now: now, log: log)
        self.worker = worker
        thread = Mutex(PosixThread { worker.run() })
    }

    /// A client with Standard Webhooks' suggested timeout (15 s) and a small answer limit.
    public static var defaultClient: HTTPClient {
        var client = HTTPClient()
        client.timeout = .seconds(15)
        client.maximumResponseBytes = 64 * 1024
        client.userAgent = "Genkan-Webhooks"
        return client
    }

    deinit { stop() }

    /// Wakes the sender: an event was queued (call it after the transaction commits).
    public func notify() {
        worker.signal { $0.notified = true }
    }

    /// Wakes the sender and waits for its thread to end; an attempt in progress is finished and
    /// recorded (bounded by the client's timeout). Idempotent.
    public func stop() {
        worker.signal { $0.stopping = true }
        guard let thread = thread.withLock({ value -> PosixThread? in defer { value = nil }; return value }) else { return }
        if !thread.isCurrent { thread.join() }
    }
}

extension WebhookSender {
    /// The thread's side.
    final class Worker: @unchecked Sendable {
        struct State {
            var notified = false
            var stopping = false
        }

        /// The wait after the queue failed.
        static let idleRecheck: Duration = .seconds(1)

        let queue: any WebhookQueue
        let signer: WebhookSigner
        let client: HTTPClient
        let policy: RetryPolicy
        let batchSize: Int
        let lease: Duration
        let longestSleep: Duration?
        let now: @Sendable () -> Date
        let log: @Sendable (String) -> Void
        private let state = ConditionLock(State())
        private var random = SystemRandomNumberGenerator()

        init(
            queue: any WebhookQueue, signer: WebhookSigner, client: HTTPClient, policy: RetryPolicy, batchSize: Int, lease: Duration,
            longestSleep: Duration?, now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void
        ) {
            self.queue = queue
            self.signer = signer
            self.client = client
            self.policy = policy
            self.batchSize = batchSize
            self.lease = lease
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
                let stopping = state.withLock { state -> Bool in
                    state.notified = false
                    return state.stopping
                }
                if stopping { return }
                var next: Date?
                do {
                    var batch: [QueuedWebhook]
                    var recorded = true
                    repeat {
                        batch = try queue.claimDue(now: now(), lease: lease, limit: batchSize)
                        for delivery in batch {
                            if isStopping { return }
                            recorded = deliver(delivery) && recorded
                        }
                        // Delivering an account's oldest open delivery makes its next one claimable:
                        // claim again until a round finds nothing, rather than wait for a wake-up.
                    } while !batch.isEmpty && recorded
                    next = try queue.earliestAttempt()
                    if let due = next, due <= now() {
                        // Due but not claimed: held by another server, or an outcome not recorded.
                        next = now() + timeInterval(Self.idleRecheck)
                    }
                } catch {
                    log("webhooks: cannot read the queue (\(error)); trying again in 1s")
                    next = now() + timeInterval(Self.idleRecheck)
                }
                if let longestSleep {
                    let latest = now() + timeInterval(longestSleep)
                    next = min(next ?? latest, latest)
                }
                let deadline = next.map { Deadline.after(.milliseconds(Int64(max(0, $0.timeIntervalSince(now())) * 1000 + 1))) }
                state.withLock(when: { $0.stopping || $0.notified }, before: deadline) { _, _ in }
            }
        }

        /// Posts one delivery and records the outcome; false when the queue could not record it.
        private func deliver(_ delivery: QueuedWebhook) -> Bool {
            let name = "webhook \(delivery.id) (\(delivery.message.id) \(delivery.message.type)) to \(Self.redacted(delivery.url))"
            let body = delivery.message.body
            let headers = signer.headers(id: delivery.message.id, timestamp: Int64(now().timeIntervalSince1970), body: body)
            let outcome: String
            var retryAfter: Int?
            var gone = false
            do throws(HTTPClientError) {
                let response = try client.send(HTTPClientRequest(url: delivery.url, method: .postJSON(body), headers: headers))
                if (200..<300).contains(response.status) {
                    do {
                        try queue.markDelivered(delivery.id)
                        log("\(name): delivered (\(response.status))")
                        return true
                    } catch {
                        log("\(name): delivered (\(response.status)), but the queue could not record it (\(error)); it may be sent again")
                        return false
                    }
                }
                outcome = "answered \(response.status)"
                gone = response.status == 410
                retryAfter = response.header("retry-after").flatMap { Int($0) }
            } catch {
                outcome = error.description
            }
            let attempt = delivery.attempts + 1
            do {
                if gone || attempt >= policy.maximumAttempts {
                    try queue.giveUp(delivery.id, error: outcome)
                    log("\(name): given up after \(attempt) attempt\(attempt == 1 ? "" : "s"): \(outcome)")
                } else {
                    var delay = policy.delay(afterFailures: attempt, using: &random)
                    if let retryAfter, retryAfter > 0 { delay = max(delay, min(.seconds(retryAfter), policy.maximumDelay)) }
                    try queue.markFailed(delivery.id, retryAt: now() + timeInterval(delay), error: outcome)
                    log("\(name): attempt \(attempt) of \(policy.maximumAttempts) failed: \(outcome); next in \(Int(timeInterval(delay).rounded()))s")
                }
                return true
            } catch {
                log("\(name): attempt \(attempt) failed (\(outcome)), and the queue could not record it (\(error))")
                return false
            }
        }

        static func redacted(_ url: String) -> String {
            String(url.prefix { $0 != "?" && $0 != "#" })
        }
    }
}

/// Seconds of a duration, for dates.
func timeInterval(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
}
