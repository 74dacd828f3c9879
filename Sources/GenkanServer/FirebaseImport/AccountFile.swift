import GenkanJSON
import GenkanStore
import GenkanValidation

/// A file of accounts to import — what `firebase auth:export` writes (JSON or CSV), or what
/// `genkan users export` writes — read once (`read`, in `AccountFile+Reading.swift`): every user's
/// members are read and typed, and everything that makes the file malformed is found, before
/// anything is written; the users are read through the site's rules on a second thread meanwhile
/// and held, ready to write. A file of more users than are held is checked to its end all the
/// same, and its further users are read again (`open`) when the held ones are written.
package struct AccountFile: Sendable {
    package let path: String
    package let format: ExportFileReader.Format
    /// The import's hash parameters (`--hash-algo` …); nil when none were given.
    package let hashOptions: PasswordHashOptions?
    /// Providers by Firebase provider id (`oidc.NAME`), beyond Google's and Apple's.
    package let providers: [String: (name: String, issuer: String)]
    package let rules: ValidationViewModel

    /// What reading the whole file found.
    package struct Check: Sendable {
        package var users = 0
        /// Whether the file is a Genkan export (its hashes are Genkan's own).
        package var isGenkanExport = false
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

    /// The file's users in order, each read into its members (`FirebaseUserRecord.parse`).
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
        var madeReader: FirebaseUserRecord?
        /// Whether the file is a Genkan export (known once its first user is read).
        package private(set) var isGenkanExport = false

        /// The next user and its members (`FirebaseUserRecord.parse`); nil after the last.
        package mutating func next() throws(Failure) -> (ExportFileReader.Record, Result<FirebaseUserRecord.Parsed, FirebaseUserRecord.Failure>)? {
            guard let record = try nextRecord() else { return nil }
            return (record, try reader().parse(record.value))
        }

        /// The next user as the file has it (its JSON); nil after the last.
        package mutating func nextRecord() throws(Failure) -> ExportFileReader.Record? {
            do throws(ExportFileReader.Failure) {
                switch source {
                case .json(var json):
                    defer { source = .json(json) }
                    let record = try json.next()
                    isGenkanExport = json.header.contains { $0.name == AccountFile.genkanMember }
                    return record
                case .csv(var csv):
                    defer { source = .csv(csv) }
                    return try csv.next()
                }
            } catch {
                throw .malformed(error)
            }
        }

        /// The reader of the users' records, made once the first user was read (the file has said
        /// by then whether it is a Genkan export).
        package mutating func reader() throws(Failure) -> FirebaseUserRecord {
            if let madeReader { return madeReader }
            let made = try file.recordReader(isGenkanExport: isGenkanExport)
            madeReader = made
            return made
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
