import GenkanStore

/// The second pass of an import: the users of a checked `AccountFile` read through the site's
/// rules (`FirebaseUserRecord.validate`), five thousand at a time, each batch through
/// `Authenticator.importAccounts` in one transaction on a thread of its own (`Writer`) — or, for a dry run, only its look-ups, or
/// none without a database — counted as the summary reports them.
package enum AccountImport {
    /// Users a batch (and a transaction) holds: each commit waits for the disk once, so a few
    /// thousand users share it (a few MB of memory, a fraction of a second of the database's write
    /// lock); `accounts:batchCreate` takes a thousand a call.
    package static let batchSize = 5000

    /// What the import did, in total.
    package struct Result: Sendable {
        package var imported = 0
        /// Users whose uid an account has: left as they are.
        package var alreadyPresent = 0
        /// The users not imported, by position, with why.
        package var refused: [Int: String] = [:]
        /// How many users lost each kind of part Genkan has no place for.
        package var dropped: [String: Int] = [:]
    }

    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// Imports the users of `file` through `core`; with `writing` false, only looks them up there
    /// (a dry run), and without a core only reads them. `progress` is told how many users were done.
    package static func run(
        _ file: AccountFile, into core: Authenticator?, writing: Bool = true, progress: (Int) -> Void = { _ in }
    ) throws(Failure) -> Result {
        var result = Result()
        var batch: [(index: Int, account: ImportedAccount)] = []
        // The address keys of the users this import takes, by position: a later user with one of
        // them is refused here, with a sentence that says where the address went.
        var addresses: [String: Int] = [:]
        var done = 0
        let writer = core.map { Writer(core: $0, writing: writing) }
        /// Counts what the writer did with the batches it finished.
        func tally(_ written: [Writer.Written]) throws(Failure) {
            for (batch, outcome) in written {
                switch outcome {
                case .failure(let failure):
                    throw Failure(message: "the store failed after \(result.imported) users were imported: \(failure.code.rawValue)")
                case .success(let outcomes):
                    for (entry, outcome) in zip(batch, outcomes) {
                        switch outcome {
                        case .imported: result.imported += 1
                        case .uidExists: result.alreadyPresent += 1
                        case .emailExists: result.refused[entry.index] = "email exists in other account in database"
                        case .identityExists: result.refused[entry.index] = "raw id exists in other account in database"
                        }
                    }
                }
            }
        }
        func flush() throws(Failure) {
            defer {
                done += batch.count
                progress(done)
                batch.removeAll(keepingCapacity: true)
            }
            guard let writer else {
                result.imported += batch.count
                return
            }
            if !batch.isEmpty { writer.submit(batch) }
            try tally(writer.take())
        }
        do {
            var users = try file.open()
            while let (record, outcome) = try users.next() {
                // The check read this file moments ago: a change since is a failure, not a refusal.
                let parsed: FirebaseUserRecord.Parsed
                switch outcome {
                case .success(let found): parsed = found
                case .failure(.refused(let message)):
                    result.refused[record.index] = message
                    done += 1
                    continue
                case .failure:
                    throw AccountFile.Failure.malformed(.init(line: record.line, message: "user \(record.index + 1) changed since the file was checked"))
                }
                switch users.recordReader!.validate(parsed) {
                case .failure(let failure):
                    if case .refused(let message) = failure { result.refused[record.index] = message }
                    done += 1
                    continue
                case .success(let read):
                    for part in read.dropped { result.dropped[part, default: 0] += 1 }
                    if let email = read.account.email {
                        let key = AccountStore.emailKey(email)
                        if let first = addresses[key] {
                            result.refused[record.index] = "the address of user \(first + 1) in this file"
                            done += 1
                            continue
                        }
                        addresses[key] = record.index
                    }
                    batch.append((record.index, read.account))
                    if batch.count % 256 == 0 { progress(done + batch.count) }
                }
                if batch.count == batchSize { try flush() }
            }
            try flush()
            if let writer { try tally(writer.finish()) }
        } catch let error as Failure {
            _ = writer?.finish()
            throw error
        } catch {
            _ = writer?.finish()
            throw Failure(message: "\(file.path): \(error)")
        }
        return result
    }
}
