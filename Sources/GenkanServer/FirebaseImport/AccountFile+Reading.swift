import Foundation
import GenkanStore

extension AccountFile {
    /// Users `read` holds, ready to write: about 600 bytes each (their strings and the stored form
    /// of their hash), so some 150 MB at most. A larger file is still checked to its end before
    /// anything is written; its further users are read again as they are written.
    package static let heldUsers = 250_000

    /// What reading the file found: the check, and its first users (up to `heldUsers`) read
    /// through the site's rules, in the file's order.
    package struct Reading: Sendable {
        package var check = Check()
        /// The users to write, each with its position in the file.
        package var accounts: [(index: Int, account: ImportedAccount)] = []
        /// The users not imported, by position, with why.
        package var refused: [Int: String] = [:]
        /// How many users lost each kind of part Genkan has no place for.
        package var dropped: [String: Int] = [:]
        /// The position of the first user that was checked but not held (a file of more than
        /// `heldUsers`): the import reads the file again from there. Nil when every user is held.
        package var resumeAt: Int?
        /// The address keys of the users taken so far, by position: a later user with one of them
        /// is refused, with a sentence that says where the address went.
        var addresses: [String: Int] = [:]

        /// Reads one well-formed user through the site's rules: the account to write, or nil when
        /// the user is refused (counted in `refused`).
        mutating func take(_ parsed: FirebaseUserRecord.Parsed, at index: Int, with reader: FirebaseUserRecord) -> ImportedAccount? {
            switch reader.validate(parsed) {
            case .failure(let failure):
                // `parse` already found what stops a whole file; what is left refuses one user.
                if case .refused(let message) = failure { refused[index] = message }
                return nil
            case .success(let read):
                for part in read.dropped { dropped[part, default: 0] += 1 }
                if let email = read.account.email {
                    let key = AccountStore.emailKey(email)
                    if let first = addresses[key] {
                        refused[index] = "the address of user \(first + 1) in this file"
                        return nil
                    }
                    addresses[key] = index
                }
                return read.account
            }
        }
    }

    /// Reads the whole file once: its outline, every user's members and their types, uids given
    /// twice (Firebase refuses a call with `DUPLICATE_LOCAL_ID`), hashes without parameters —
    /// anything that stops the import is found here, before anything is written. Meanwhile the
    /// first `limit` users are read through the site's rules on a second thread (`RuleStage`: the
    /// rules cost about a third of reading a user, so they take no time of their own on two cores)
    /// and held. `progress` is told the number of users read so far.
    package func read(holding limit: Int = AccountFile.heldUsers, progress: (Int) -> Void = { _ in }) throws(Failure) -> Reading {
        let stage = RuleStage()
        var check = Check()
        var uids: [String: Int] = [:]
        var resumeAt: Int?
        var chunk: [(index: Int, parsed: FirebaseUserRecord.Parsed)] = []
        do throws(Failure) {
            var users = try open()
            while let (record, outcome) = try users.next() {
                check.users += 1
                check.isGenkanExport = users.isGenkanExport
                switch outcome {
                case .failure(.malformed(let message)):
                    throw .malformed(ExportFileReader.Failure(line: record.line, message: "user \(record.index + 1): \(message)"))
                case .failure(.missingHashAlgorithm):
                    throw .options(
                        "user \(record.index + 1) has a password hash: give --hash-algo and its parameters (for a Firebase project, "
                            + "the Password Hash Parameters of the console's Users page)")
                case .failure(.refused(let message)):
                    if record.index < limit { stage.refuse(record.index, message) }
                case .success(let parsed):
                    if let uid = parsed.uid, !uid.isEmpty, let first = uids.updateValue(record.index, forKey: uid) {
                        throw .malformed(ExportFileReader.Failure(
                            line: record.line, message: "user \(record.index + 1) has the uid of user \(first + 1) (\(uid))"))
                    }
                    if record.index < limit {
                        chunk.append((record.index, parsed))
                        if chunk.count == RuleStage.chunkSize {
                            stage.submit(chunk, reader: users.recordReader!)
                            chunk.removeAll(keepingCapacity: true)
                        }
                    } else if resumeAt == nil {
                        resumeAt = record.index
                    }
                }
                if check.users % 256 == 0 { progress(check.users) }
            }
            if let reader = users.recordReader, !chunk.isEmpty { stage.submit(chunk, reader: reader) }
        } catch {
            _ = stage.finish()
            throw error
        }
        progress(check.users)
        var reading = stage.finish()
        reading.check = check
        reading.resumeAt = resumeAt
        return reading
    }

    /// The site's rules on a thread of their own, while the file is read: chunks of parsed users
    /// taken in order (one serial queue), at most a few chunks waiting.
    final class RuleStage: @unchecked Sendable {
        static let chunkSize = 512
        private let queue = DispatchQueue(label: "genkan.users-import.rules")
        private let slots = DispatchSemaphore(value: 8)
        /// Used on `queue` only.
        private var reading = Reading()

        /// Hands `chunk` to the stage; waits while eight chunks are waiting already.
        func submit(_ chunk: [(index: Int, parsed: FirebaseUserRecord.Parsed)], reader: FirebaseUserRecord) {
            slots.wait()
            queue.async { [self] in
                defer { slots.signal() }
                for (index, parsed) in chunk {
                    if let account = reading.take(parsed, at: index, with: reader) { reading.accounts.append((index, account)) }
                }
            }
        }

        /// Counts a user refused while its members were read.
        func refuse(_ index: Int, _ message: String) {
            queue.async { [self] in reading.refused[index] = message }
        }

        /// Waits for every chunk handed over, and returns what the rules made of them.
        func finish() -> Reading {
            queue.sync {
                defer { reading = Reading() }
                return reading
            }
        }
    }
}
