import Foundation
import GenkanStore

extension AccountImport {
    /// Writes an import's batches on a thread of its own while the file is still being read:
    /// reading a user (JSON, the site's rules) and writing one cost about the same, so on two
    /// cores the import takes the longer of the two rather than their sum. The core — one
    /// connection — is used on the writer's thread only, in one transaction
    /// (`Authenticator.importAccounts(writing:from:outcomes:)`) that takes the batches in order;
    /// at most two batches wait, so memory stays a few batches whatever the file's size. The
    /// transaction commits when `finish(committing: true)` is called and rolls back otherwise.
    final class Writer: @unchecked Sendable {
        typealias Batch = [(index: Int, account: ImportedAccount)]

        /// What the written batches came to.
        struct Tally: Sendable {
            var imported = 0
            var alreadyPresent = 0
            var refused: [Int: String] = [:]
        }

        private let condition = NSCondition()
        /// Guarded by `condition`.
        private var waiting: [Batch] = []
        /// Set by `finish`: true to commit, false to roll back.
        private var ending: Bool?
        private var outcome: Swift.Result<Tally, AuthFailure>?
        private var stopped = false

        /// Used on the writer's thread only.
        private let core: Authenticator
        private let writing: Bool

        init(core: Authenticator, writing: Bool) {
            self.core = core
            self.writing = writing
            let thread = Thread { [self] in write() }
            thread.name = "genkan.users-import.writer"
            thread.start()
        }

        /// The writer's thread: the transaction, fed by `next`, tallied as it goes.
        private func write() {
            var tally = Tally()
            var current: Batch = []
            let done = core.importAccounts(writing: writing, from: { next(&current) }) { outcomes in
                for (entry, outcome) in zip(current, outcomes) {
                    switch outcome {
                    case .imported: tally.imported += 1
                    case .uidExists: tally.alreadyPresent += 1
                    case .emailExists: tally.refused[entry.index] = "email exists in other account in database"
                    case .identityExists: tally.refused[entry.index] = "raw id exists in other account in database"
                    }
                }
            }
            condition.withLock {
                outcome = done.map { _ in tally }
                stopped = true
                condition.broadcast()
            }
        }

        /// The transaction's next batch (kept in `current`, for the outcomes), or its end.
        private func next(_ current: inout Batch) -> ImportBatch {
            condition.withLock {
                while waiting.isEmpty, ending == nil { condition.wait() }
                if ending == false { return .abandon }
                guard !waiting.isEmpty else { return .end }
                current = waiting.removeFirst()
                condition.broadcast()
                return .accounts(current.map(\.account))
            }
        }

        /// Hands `batch` to the writer; waits while two batches are waiting already. After the
        /// store failed, drops it (`finish` reports the failure).
        func submit(_ batch: Batch) {
            condition.withLock {
                while waiting.count >= 2, !stopped { condition.wait() }
                if !stopped { waiting.append(batch) }
                condition.broadcast()
            }
        }

        /// Ends the transaction — committing the batches handed over, or rolling them all back —
        /// and waits for it: what they came to once committed; zero when rolled back.
        func finish(committing: Bool) -> Swift.Result<Tally, AuthFailure> {
            condition.withLock {
                ending = committing
                condition.broadcast()
                while !stopped { condition.wait() }
                guard committing else { return .success(Tally()) }
                return outcome ?? .success(Tally())
            }
        }
    }
}
