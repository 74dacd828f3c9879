import GenkanStore

/// An import of a file's users: the file read once (`AccountFile.read`, which checks it and runs
/// the site's rules on its users) while a second thread (`Writer`) writes the users read so far,
/// a batch at a time, through `Authenticator.importAccounts(writing:from:outcomes:)` — every batch
/// in one transaction, committed once the whole file has been read and found well formed, rolled
/// back otherwise, so a malformed file imports nothing. For a dry run the writer only looks the
/// users up; without a database they are only counted.
package enum AccountImport {
    /// Users handed to the writer at a time: each batch is a few look-ups and inserts of a
    /// hundred rows, and two batches at most wait, so memory stays a few MB whatever the file's
    /// size.
    package static let batchSize = 2000

    /// What the import did, in total.
    package struct Result: Sendable {
        package var imported = 0
        /// Users whose uid an account has: left as they are.
        package var alreadyPresent = 0
        /// The users not imported, by position, with why.
        package var refused: [Int: String] = [:]
        /// How many users lost each kind of part Genkan has no place for.
        package var dropped: [String: Int] = [:]
        /// The number of users in the file, and whether it is a Genkan export.
        package var check = AccountFile.Check()
    }

    package enum Failure: Error, CustomStringConvertible {
        /// The file cannot be imported at all (nothing was).
        case file(AccountFile.Failure)
        /// The store failed (nothing was imported).
        case store(AuthFailure)

        package var description: String {
            switch self {
            case .file(let failure): failure.description
            case .store(let failure):
                if case .internalError(let error) = failure { "the store failed: \(error.detail)" } else { "the store failed: \(failure.code.rawValue)" }
            }
        }
    }

    /// Imports the users of `file` through `core`; with `writing` false, only looks them up there
    /// (a dry run), and without a core only counts them. `progress` is told how many of the file's
    /// users were read.
    package static func run(
        _ file: AccountFile, into core: Authenticator?, writing: Bool = true, progress: (Int) -> Void = { _ in }
    ) throws(Failure) -> Result {
        var result = Result()
        let writer = core.map { Writer(core: $0, writing: writing) }
        let reading: AccountFile.Reading
        do throws(AccountFile.Failure) {
            reading = try file.read(progress: progress, deliver: { batch in
                if let writer { writer.submit(batch) } else { result.imported += batch.count }
            })
        } catch {
            _ = writer?.finish(committing: false)
            throw .file(error)
        }
        if let writer {
            switch writer.finish(committing: true) {
            case .success(let written):
                result.imported = written.imported
                result.alreadyPresent = written.alreadyPresent
                result.refused = written.refused
            case .failure(let failure): throw .store(failure)
            }
        }
        result.refused.merge(reading.refused) { written, _ in written }
        result.dropped = reading.dropped
        result.check = reading.check
        return result
    }
}
