import GenkanStore

/// The writing of an import: the users an `AccountFile.Reading` holds (the file read once,
/// checked whole, its users already through the site's rules), five thousand at a time, each batch
/// through `Authenticator.importAccounts` in one transaction on a thread of its own (`Writer`) —
/// or, for a dry run, only its look-ups, or none without a database — counted as the summary
/// reports them.
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

    /// Imports the users `reading` holds through `core`, five thousand at a time, then those of
    /// `file` it did not hold (read again, through the rules, from `reading.resumeAt`); with
    /// `writing` false, only looks them up there (a dry run), and without a core only counts them.
    /// `progress` is told how many of the file's users were done.
    package static func run(
        _ reading: AccountFile.Reading, of file: AccountFile, into core: Authenticator?, writing: Bool = true,
        progress: (Int) -> Void = { _ in }
    ) throws(Failure) -> Result {
        var result = Result()
        result.refused = reading.refused
        result.dropped = reading.dropped
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
        func write(_ batch: Writer.Batch) throws(Failure) {
            guard let writer else {
                result.imported += batch.count
                return
            }
            if !batch.isEmpty { writer.submit(batch) }
            try tally(writer.take())
            if let last = batch.last { progress(last.index + 1) }
        }
        do {
            var start = 0
            while start < reading.accounts.count {
                let end = min(start + batchSize, reading.accounts.count)
                try write(Array(reading.accounts[start..<end]))
                start = end
            }
            if let resumeAt = reading.resumeAt {
                let rest = try writeRest(of: file, from: resumeAt, after: reading, write: write)
                result.refused.merge(rest.refused) { first, _ in first }
                result.dropped = rest.dropped
            }
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

    /// The users of a file larger than `AccountFile.heldUsers`, from `resumeAt` on: read again and
    /// through the rules (a user given an address earlier in the file is refused, held or not),
    /// a batch at a time, while the writer writes the previous one. Returns `reading` with the
    /// rest's refusals and dropped parts counted in.
    private static func writeRest(
        of file: AccountFile, from resumeAt: Int, after reading: AccountFile.Reading, write: (Writer.Batch) throws(Failure) -> Void
    ) throws -> AccountFile.Reading {
        var rest = reading
        rest.accounts = []
        var batch: Writer.Batch = []
        var users = try file.open()
        while let (record, outcome) = try users.next() {
            guard record.index >= resumeAt else { continue }
            switch outcome {
            case .success(let parsed):
                if let account = rest.take(parsed, at: record.index, with: try users.reader()) { batch.append((record.index, account)) }
            case .failure(.refused(let message)):
                rest.refused[record.index] = message
            case .failure:
                // `read` checked this file moments ago: a change since is a failure, not a refusal.
                throw AccountFile.Failure.malformed(.init(line: record.line, message: "user \(record.index + 1) changed since the file was read"))
            }
            if batch.count == batchSize {
                try write(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try write(batch)
        return rest
    }
}
