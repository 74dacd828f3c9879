import GenkanHTTP
import GenkanStore

/// Turns recorded password-reset requests into codes and mails on the worker pool: after each
/// request, and at start for any a crash left behind.
struct ResetRequests: Sendable {
    let pool: WorkerPool<Authenticator>
    let log: ErrorLog

    /// Queues the processing of every pending request (the pool's other work goes first).
    func process() {
        let log = self.log
        let queued = pool.submit(.interactive) { core in Self.drain(core, log: log) }
        // Not lost: the requests stay recorded until the next request or the next start.
        if !queued { log.write("password reset requests wait: the worker queue is full") }
    }

    /// Processes batch after batch until none is left: a start after a crash during a flood can
    /// find more than one batch. Stops early when a whole batch failed (nothing would change).
    private static func drain(_ core: Authenticator, log: ErrorLog) {
        let batchSize = 100
        do {
            while true {
                let batch = try core.pendingResetRequests(limit: batchSize)
                var queuedMail = false, processed = false
                for request in batch {
                    switch core.processResetRequest(request) {
                    case .success(let mailed):
                        queuedMail = queuedMail || mailed
                        processed = true
                    case .failure(let failure): log.write("password reset request \(request.id) not processed: \(failure)")
                    }
                }
                if batch.count < batchSize || !processed { return }
            }
        } catch {
            log.write("password reset requests not read: \(error)")
        }
    }
}
