import Foundation
import GenkanStore

extension AccountImport {
    /// Writes an import's batches on a thread of its own while the next batch is read: reading a
    /// user (JSON, the site's rules) and writing one cost about the same, so on two cores the import
    /// takes the longer of the two rather than their sum. The core — one connection — is used on
    /// the writer's queue only, one batch at a time and in order; at most two batches wait, so
    /// memory stays a few batches whatever the file's size. After a failure, the batches still
    /// waiting are not written.
    final class Writer: @unchecked Sendable {
        typealias Batch = [(index: Int, account: ImportedAccount)]
        typealias Written = (batch: Batch, outcome: Swift.Result<[ImportOutcome], AuthFailure>)

        private let queue = DispatchQueue(label: "genkan.users-import.writer")
        private let slots = DispatchSemaphore(value: 2)
        private let lock = NSLock()
        /// Used on `queue` only.
        private let core: Authenticator
        private let writing: Bool
        /// Guarded by `lock`.
        private var written: [Written] = []
        private var failed = false

        init(core: Authenticator, writing: Bool) {
            self.core = core
            self.writing = writing
        }

        /// Hands `batch` to the writer; waits while two batches are waiting already.
        func submit(_ batch: Batch) {
            slots.wait()
            queue.async { [self] in
                defer { slots.signal() }
                guard !lock.withLock({ failed }) else { return }
                let outcome = core.importAccounts(batch.map(\.account), writing: writing)
                lock.withLock {
                    if case .failure = outcome { failed = true }
                    written.append((batch, outcome))
                }
            }
        }

        /// The batches written since the last call, in order.
        func take() -> [Written] {
            lock.withLock {
                defer { written.removeAll() }
                return written
            }
        }

        /// Waits for every batch handed over, and returns those not taken yet.
        func finish() -> [Written] {
            queue.sync {}
            return take()
        }
    }
}
