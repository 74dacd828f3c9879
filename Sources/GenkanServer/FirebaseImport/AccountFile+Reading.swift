import Foundation
import GenkanStore

extension AccountFile {
    /// What reading the file found: the check, the users refused, and the users to write that
    /// were not handed on yet (all of them, when nothing takes them as they are read).
    package struct Reading: Sendable {
        package var check = Check()
        /// The users to write, each with its position in the file, in the file's order.
        package var accounts: [(index: Int, account: ImportedAccount)] = []
        /// The users not imported, by position, with why.
        package var refused: [Int: String] = [:]
        /// How many users lost each kind of part Genkan has no place for.
        package var dropped: [String: Int] = [:]
        /// The address keys of the users taken so far, by position: a later user with one of them
        /// is refused, with a sentence that says where the address went.
        var addresses: [String: Int] = [:]
    }

    /// Reads the whole file once: its outline, every user's members and their types, uids given
    /// twice (Firebase refuses a call with `DUPLICATE_LOCAL_ID`), hashes without parameters —
    /// anything that stops the import — and every user through the site's rules. This thread
    /// cuts the users out of the file and reads their JSON; `RecordStage` reads each user's
    /// members and runs the rules on other threads, chunks at a time, and this thread takes their
    /// results in the file's order (a failure is the first in the file, a uid or an address is
    /// first given by the earliest user). On two cores the two halves of reading a user take about
    /// the same time, so a user costs about half of what reading it on one thread did.
    ///
    /// - Parameters:
    ///   - batchSize: how many users to write `deliver` is given at a time.
    ///   - deliver: takes the users to write as they are read, `batchSize` at a time (the last
    ///     batch shorter), in order; without it, they stay in the result's `accounts`. A failure
    ///     later in the file is thrown after some batches were delivered: their taker must then
    ///     keep nothing (`AccountImport` writes them in one transaction, rolled back).
    ///   - progress: told the number of users read so far.
    package func read(
        batchSize: Int = AccountImport.batchSize, progress: (Int) -> Void = { _ in },
        deliver: ((_ batch: [(index: Int, account: ImportedAccount)]) -> Void)? = nil
    ) throws(Failure) -> Reading {
        let stage = RecordStage()
        var reading = Reading()
        var uids: [String: Int] = [:]
        var chunk: [ExportFileReader.Record] = []
        var submitted = 0, taken = 0
        /// Hands the users taken so far on, a batch at a time (all of them at the `end`).
        func handOn(end: Bool) {
            guard let deliver else { return }
            while reading.accounts.count >= batchSize || (end && !reading.accounts.isEmpty) {
                let count = min(batchSize, reading.accounts.count)
                deliver(Array(reading.accounts[..<count]))
                reading.accounts.removeFirst(count)
            }
        }
        /// Takes the results of the chunks done so far, in order (all of them with `waiting`).
        func take(waiting: Bool) throws(Failure) {
            while taken < submitted, let results = stage.results(of: taken, waiting: waiting) {
                taken += 1
                for result in results { try reading.take(result, uids: &uids) }
            }
        }
        do throws(Failure) {
            var users = try open()
            var failure: Failure?
            while true {
                let record: ExportFileReader.Record?
                do throws(Failure) { record = try users.nextRecord() } catch {
                    failure = error
                    break
                }
                guard let record else { break }
                reading.check.users += 1
                reading.check.isGenkanExport = users.isGenkanExport
                chunk.append(record)
                if chunk.count == RecordStage.chunkSize {
                    stage.submit(chunk, number: submitted, reader: try users.reader())
                    submitted += 1
                    chunk.removeAll(keepingCapacity: true)
                    try take(waiting: false)
                    handOn(end: false)
                    progress(reading.check.users)
                }
            }
            if !chunk.isEmpty {
                stage.submit(chunk, number: submitted, reader: try users.reader())
                submitted += 1
            }
            // The users before the one the file failed at are taken first: one of them may have
            // failed before it.
            try take(waiting: true)
            if let failure { throw failure }
        } catch {
            stage.cancel()
            throw error
        }
        handOn(end: true)
        progress(reading.check.users)
        return reading
    }

    /// What the stage made of one user.
    enum RecordResult: Sendable {
        /// The whole file is refused.
        case failure(Failure)
        /// A well-formed user: its uid, and the account to write (with its address's key) or why not.
        case read(index: Int, line: Int, uid: String?, Result<(read: FirebaseUserRecord.Read, key: String?), FirebaseUserRecord.Failure>)
    }

    /// Reading users' members and running the rules on them on threads of their own (a concurrent
    /// queue, at most four chunks in flight), each chunk's results kept until taken in order.
    final class RecordStage: @unchecked Sendable {
        static let chunkSize = 256
        private let queue = DispatchQueue(label: "genkan.users-import.records", attributes: .concurrent)
        private let slots = DispatchSemaphore(value: 4)
        private let done = NSCondition()
        /// Guarded by `done`.
        private var finished: [Int: [RecordResult]] = [:]
        private var cancelled = false

        /// Hands chunk `number` to the stage; waits while four chunks are in flight.
        func submit(_ chunk: [ExportFileReader.Record], number: Int, reader: FirebaseUserRecord) {
            slots.wait()
            queue.async { [self] in
                defer { slots.signal() }
                guard !done.withLock({ cancelled }) else { return }
                let results = chunk.map { Self.read($0, with: reader) }
                done.withLock {
                    finished[number] = results
                    done.broadcast()
                }
            }
        }

        /// Chunk `number`'s results once done (waiting for them with `waiting`), handed over once.
        func results(of number: Int, waiting: Bool) -> [RecordResult]? {
            done.withLock {
                while waiting, finished[number] == nil { done.wait() }
                return finished.removeValue(forKey: number)
            }
        }

        /// Drops what is still to come: the import stopped.
        func cancel() {
            done.withLock { cancelled = true }
            queue.sync(flags: .barrier) {}
        }

        private static func read(_ record: ExportFileReader.Record, with reader: FirebaseUserRecord) -> RecordResult {
            switch reader.parse(record.value) {
            case .failure(.malformed(let message)):
                return .failure(.malformed(ExportFileReader.Failure(line: record.line, message: "user \(record.index + 1): \(message)")))
            case .failure(.missingHashAlgorithm):
                return .failure(.options(
                    "user \(record.index + 1) has a password hash: give --hash-algo and its parameters (for a Firebase project, "
                        + "the Password Hash Parameters of the console's Users page)"))
            case .failure(let failure):
                return .read(index: record.index, line: record.line, uid: nil, .failure(failure))
            case .success(let parsed):
                let read = reader.validate(parsed).map { read in (read: read, key: read.account.email.map(AccountStore.emailKey)) }
                return .read(index: record.index, line: record.line, uid: parsed.uid, read)
            }
        }
    }
}

extension AccountFile.Reading {
    /// Takes one user's result, in the file's order: a failure stops the import; a uid given
    /// before stops it too; a held user is kept or refused.
    mutating func take(_ result: AccountFile.RecordResult, uids: inout [String: Int]) throws(AccountFile.Failure) {
        switch result {
        case .failure(let failure): throw failure
        case .read(let index, let line, let uid, let outcome):
            try note(uid, index: index, line: line, uids: &uids)
            switch outcome {
            case .failure(.refused(let message)): refused[index] = message
            case .failure: break
            case .success(let (read, key)):
                for part in read.dropped { dropped[part, default: 0] += 1 }
                if let key {
                    if let first = addresses[key] {
                        refused[index] = "the address of user \(first + 1) in this file"
                        return
                    }
                    addresses[key] = index
                }
                accounts.append((index, read.account))
            }
        }
    }

    /// Refuses the file when `uid` was given to an earlier user.
    private func note(_ uid: String?, index: Int, line: Int, uids: inout [String: Int]) throws(AccountFile.Failure) {
        guard let uid, !uid.isEmpty else { return }
        if let first = uids.updateValue(index, forKey: uid) {
            throw .malformed(ExportFileReader.Failure(line: line, message: "user \(index + 1) has the uid of user \(first + 1) (\(uid))"))
        }
    }
}
