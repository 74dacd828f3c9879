/// What a server does on its own, at start and once an hour.
extension Authenticator {
    /// Deletes what has expired: sessions past their lifetime or idle too long, codes past their
    /// expiry, drained limit buckets. Each runs whatever the others did; the first failure is
    /// thrown once all have run.
    public func deleteExpired() throws(StoreError) {
        var failure: StoreError?
        do { _ = try store.deleteExpiredSessions() } catch { failure = error }
        do { _ = try store.deleteExpiredCodes() } catch { failure = failure ?? error }
        do { _ = try store.deleteDrainedLimits() } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// Whether the job that just ran queued mail, forgotten once asked: the worker pool asks after
    /// each job and wakes the sender.
    public func takeQueuedMail() -> Bool {
        store.takeQueuedMail()
    }
}
