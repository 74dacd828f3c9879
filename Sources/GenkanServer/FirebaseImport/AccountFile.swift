import GenkanJSON
import GenkanStore
import GenkanValidation

/// A file of accounts to import — what `firebase auth:export` writes (JSON or CSV), or what
/// `genkan users export` writes — read in two passes: `check` reads every user's members and finds
/// everything that makes the file malformed before anything is written; the import then reads the
/// users again (`open`), through the site's rules, and writes them. Only counts stay in memory
/// between the passes, so a file of any size takes a chunk of memory, and the first pass costs
/// only reading (the rules, which cost as much again, run once).
package struct AccountFile: Sendable {
    package let path: String
    package let format: ExportFileReader.Format
    /// The import's hash parameters (`--hash-algo` …); nil when none were given.
    package let hashOptions: PasswordHashOptions?
    /// Providers by Firebase provider id (`oidc.NAME`), beyond Google's and Apple's.
    package let providers: [String: (name: String, issuer: String)]
    package let rules: ValidationViewModel

    /// What the first pass found.
    package struct Check: Sendable {
        package var users = 0
        /// Whether the file is a Genkan export (its hashes are Genkan's own).
        package var isGenkanExport = false
        /// How many users lose each kind of part Genkan has no place for.
        package var dropped: [String: Int] = [:]
        package var hasPasswordHashes = false
    }

    /// Why the file cannot be imported at all.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// The file is malformed: where and why.
        case malformed(ExportFileReader.Failure)
        /// The hash parameters are wrong or missing for this file.
        case options(String)

        package var description: String {
            switch self {
            case .malformed(let failure): failure.description
            case .options(let message): message
            }
        }
    }

    package init(
        path: String, format: ExportFileReader.Format, hashOptions: PasswordHashOptions?, providers: [String: (name: String, issuer: String)],
        rules: ValidationViewModel
    ) {
        self.path = path
        self.format = format
        self.hashOptions = hashOptions
        self.providers = providers
        self.rules = rules
    }

    /// The Genkan export's marker: the top-level member naming the format of its hashes.
    package static let genkanMember = "genkan"

    /// Reads the whole file once: its outline, every user's members and their types, uids given
    /// twice (Firebase refuses a call with `DUPLICATE_LOCAL_ID`), hashes without parameters.
    /// `progress` is told the number of users read so far.
    package func check(progress: (Int) -> Void = { _ in }) throws(Failure) -> Check {
        var check = Check()
        var uids: [String: Int] = [:]
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
            case .failure(.refused):
                break
            case .success(let parsed):
                if let uid = parsed.uid, !uid.isEmpty, let first = uids.updateValue(record.index, forKey: uid) {
                    throw .malformed(ExportFileReader.Failure(
                        line: record.line, message: "user \(record.index + 1) has the uid of user \(first + 1) (\(uid))"))
                }
                if parsed.hasPasswordHash { check.hasPasswordHashes = true }
                for part in parsed.dropped { check.dropped[part, default: 0] += 1 }
            }
            progress(check.users)
        }
        return check
    }

    /// The file's users in order, each read into an account or refused: `check` first, then again
    /// for the import.
    package func open() throws(Failure) -> Users {
        do throws(ExportFileReader.Failure) {
            switch format {
            case .json: return Users(file: self, source: .json(try ExportFileReader(path: path)))
            case .csv: return Users(file: self, source: .csv(try ExportCSVReader(path: path)))
            }
        } catch {
            throw .malformed(error)
        }
    }

    /// The users of an open file, one at a time.
    package struct Users {
        enum Source {
            case json(ExportFileReader)
            case csv(ExportCSVReader)
        }

        let file: AccountFile
        var source: Source
        var reader: FirebaseUserRecord?
        /// Whether the file is a Genkan export (known once its first user is read).
        package private(set) var isGenkanExport = false

        /// The reader of the users' records (known once the first user is read).
        package var recordReader: FirebaseUserRecord? { reader }

        /// The next user and its members (`FirebaseUserRecord.parse`); nil after the last.
        package mutating func next() throws(Failure) -> (ExportFileReader.Record, Result<FirebaseUserRecord.Parsed, FirebaseUserRecord.Failure>)? {
            let record: ExportFileReader.Record?
            do throws(ExportFileReader.Failure) {
                switch source {
                case .json(var json):
                    record = try json.next()
                    isGenkanExport = json.header.contains { $0.name == AccountFile.genkanMember }
                    source = .json(json)
                case .csv(var csv):
                    record = try csv.next()
                    source = .csv(csv)
                }
            } catch {
                throw .malformed(error)
            }
            guard let record else { return nil }
            if reader == nil { reader = try file.recordReader(isGenkanExport: isGenkanExport) }
            return (record, reader!.parse(record.value))
        }
    }

    /// The reader of this file's users, once the file said whether it is a Genkan export.
    private func recordReader(isGenkanExport: Bool) throws(Failure) -> FirebaseUserRecord {
        var scheme: ImportedHashScheme?
        if let hashOptions, hashOptions.algorithm != nil {
            guard !isGenkanExport else {
                throw .options("\(path) is a Genkan export, whose hashes say how they were made: leave out --hash-algo")
            }
            switch hashOptions.scheme() {
            case .success(let made): scheme = made
            case .failure(let problem): throw .options(problem.detail)
            }
        }
        return FirebaseUserRecord(
            source: isGenkanExport ? .genkanExport : .exportFile, input: FirebaseInput(rules: rules), scheme: scheme,
            saltSeparator: hashOptions?.saltSeparator ?? [], providers: providers)
    }
}
