import GenkanJSON
import GenkanServer
import GenkanStore
import GenkanValidation

/// `genkan users import FILE`: the users of a Firebase export (or a Genkan one) into a database,
/// with their password hashes, as `firebase auth:import` takes them.
struct UsersImportCommand: Command {
    static let path = ["users", "import"]
    static let summary = "Import the users of a firebase auth:export file (JSON or CSV) with their password hashes."
    static let help = """
        Usage: genkan users import FILE [--db genkan.sqlite] [--format json|csv] [--dry-run]
                                   [--hash-algo ALGORITHM [--hash-key BASE64] [--salt-separator BASE64]
                                    [--rounds N] [--mem-cost N] [--parallelization N] [--block-size N]
                                    [--dk-len N] [--hash-input-order SALT_FIRST|PASSWORD_FIRST]]
                                   [--oidc NAME=ISSUER]...

        Imports the users of FILE, as `firebase auth:export` writes them (JSON or CSV) or
        `genkan users export` does, into the database: uid, address, verification, name, photo,
        disabled, creation and last sign-in times, custom claims, Google and Apple identities, and
        the password hash, which stays as it is until the user's first right password replaces
        it with Argon2id. Nobody has to reset a password. The file is read through once, its
        users written as they are read, all in one transaction that is committed only once the
        whole file has been found well formed: a malformed file, a failing database or an
        interrupted run imports nothing. A user whose uid is already in the database is left as
        it is, so a second run imports nothing. A user whose address or identity belongs to
        another account is skipped, and the summary says why. A server on the same SQLite file
        waits for the import to end before it writes (about 4 s for 100,000 users).

          --db FILE|URL            SQLite database file (default genkan.sqlite; created if
                                   missing), or postgresql://USER[:PASS]@HOST[:PORT]/DBNAME
          --format json|csv        The file's format (default: from its extension)
          --dry-run                Check the file and say what would be imported; write nothing
          --hash-algo ALGORITHM    How the file's password hashes were made: SCRYPT (Firebase's
                                   own), STANDARD_SCRYPT, BCRYPT, PBKDF2_SHA256, PBKDF_SHA1,
                                   HMAC_SHA512, HMAC_SHA256, HMAC_SHA1, HMAC_MD5, SHA512, SHA256,
                                   SHA1 or MD5. Needed when the file has hashes; for a Firebase
                                   project, the console's Users page shows them under Password
                                   Hash Parameters
          --hash-key BASE64        SCRYPT's signer key (base64_signer_key), or the HMAC key
          --salt-separator BASE64  SCRYPT's base64_salt_separator (appended to every salt)
          --rounds N               SCRYPT 1-8, SHA* 1-8192, MD5 0-8192, PBKDF* 0-120000
          --mem-cost N             SCRYPT's memory cost 1-14 (mem_cost), or STANDARD_SCRYPT's N
          --parallelization N      STANDARD_SCRYPT's p
          --block-size N           STANDARD_SCRYPT's r
          --dk-len N               STANDARD_SCRYPT's derived key length
          --hash-input-order ORDER SALT_FIRST or PASSWORD_FIRST, for digests and HMACs
                                   (default: salt first for digests, password first for HMACs)
          --oidc NAME=ISSUER       Keep identities of providerId oidc.NAME, at the provider
                                   `genkan serve --oidc NAME=ISSUER` signs in with (repeatable)

        A progress bar shows on a terminal; a summary ends the run: users imported, already
        present, skipped with their reasons, and what Genkan does not keep (phone numbers,
        second factors, identities at providers it does not know).

        Exit status: 0 every user imported or already present, 1 the file was refused (nothing
        was imported) or users were skipped, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let dryRun = arguments.flag("--dry-run")
        let format = try arguments.option("--format")
        let hashOptions = try Self.hashOptions(&arguments)
        let providers = try Self.providers(&arguments)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw UsageError(positionals.isEmpty ? "expected FILE" : "unexpected argument '\(positionals[1])'")
        }
        let path = positionals[0]
        let file = AccountFile(
            path: path, format: try Self.format(format, path: path), hashOptions: hashOptions, providers: providers,
            rules: ValidationViewModel())

        let started = ContinuousClock.now
        // A dry run looks the users up in the database when there is one of this Genkan's schema
        // (a missing SQLite file is not created); the import opens it as `genkan serve` does
        // (created and migrated if needed). Either way through the accounts core's import.
        let core: Authenticator?
        do throws(StoreError) {
            if dryRun {
                let current = (try? location.schemaVersion()) == location.currentSchemaVersion
                core = current ? try Authenticator(store: AccountStore(location: location)) : nil
            } else {
                core = try Authenticator(store: AccountStore(location: location, migrationLog: { Terminal.error($0) }))
            }
        } catch {
            Terminal.error("genkan users import: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        // The command line is the door of the events the import records.
        core?.origin = .commandLine
        let bar = ProgressBar(core == nil ? "counting " : dryRun ? "looking up" : "importing")
        let result: AccountImport.Result
        do throws(AccountImport.Failure) {
            result = try AccountImport.run(file, into: core, writing: !dryRun, progress: bar.update)
            bar.finish()
        } catch {
            bar.finish()
            switch error {
            case .file(.options(let message)): throw UsageError(message)
            case .file(.malformed(let failure)): Terminal.error("genkan users import: \(path): \(failure)")
            case .store: Terminal.error("genkan users import: \(error)")
            }
            Terminal.error("nothing was imported")
            return ExitStatus.failure
        }
        return Self.report(path: path, result: result, dryRun: dryRun, looked: core != nil, elapsed: ContinuousClock.now - started)
    }

    /// The summary, and the exit status it means.
    private static func report(path: String, result: AccountImport.Result, dryRun: Bool, looked: Bool, elapsed: Duration) -> Int32 {
        let check = result.check
        let refused = result.refused
        Terminal.writeLine("\(path): \(Count.users(check.users))\(check.isGenkanExport ? " (a Genkan export)" : "")\(dryRun ? ", a dry run: nothing was written" : "")")
        Terminal.writeLine("  \(dryRun ? "would import" : "imported"): \(Count.grouped(result.imported))")
        if looked { Terminal.writeLine("  already present (same uid, left as it is): \(Count.grouped(result.alreadyPresent))") }
        Terminal.writeLine("  skipped: \(Count.grouped(refused.count))")
        var reasons: [String: [Int]] = [:]
        for (index, reason) in refused { reasons[reason, default: []].append(index) }
        for (reason, indexes) in reasons.sorted(by: { ($0.value.count, $1.key) > ($1.value.count, $0.key) }) {
            let examples = indexes.sorted().prefix(5).map { "user \($0 + 1)" }.joined(separator: ", ")
            Terminal.writeLine("    \(reason): \(Count.grouped(indexes.count)) (\(examples)\(indexes.count > 5 ? ", …" : ""))")
        }
        if !result.dropped.isEmpty {
            let parts = result.dropped.sorted { $0.key < $1.key }.map { "\($0.key) (\(Count.grouped($0.value)))" }
            Terminal.writeLine("  not kept: \(parts.joined(separator: ", "))")
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(check.users) / seconds) : 0
        Terminal.writeLine("  took \(String(format: "%.1f", seconds)) s (\(Count.grouped(rate)) users/s)")
        return refused.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    private static func format(_ value: String?, path: String) throws(UsageError) -> ExportFileReader.Format {
        if let value {
            guard let format = ExportFileReader.Format(rawValue: value) else { throw UsageError("--format must be json or csv, not '\(value)'") }
            return format
        }
        if path.lowercased().hasSuffix(".json") { return .json }
        if path.lowercased().hasSuffix(".csv") { return .csv }
        throw UsageError("cannot tell the format of '\(path)' from its name: give --format json or --format csv")
    }

    /// The hash flags of `firebase auth:import`; nil when none is given.
    static func hashOptions(_ arguments: inout Arguments) throws(UsageError) -> PasswordHashOptions? {
        func number(_ name: String) throws(UsageError) -> Int? {
            guard let text = try arguments.option(name) else { return nil }
            guard let value = Int(text) else { throw UsageError("\(name) takes a whole number, not '\(text)'") }
            return value
        }
        func bytes(_ name: String) throws(UsageError) -> [UInt8]? {
            guard let text = try arguments.option(name) else { return nil }
            guard let value = Base64.decode(text) else { throw UsageError("\(name) takes base64, which '\(text)' is not") }
            return value
        }
        let algorithm = try arguments.option("--hash-algo")
        let key = try bytes("--hash-key"), separator = try bytes("--salt-separator")
        let rounds = try number("--rounds"), memoryCost = try number("--mem-cost")
        let parallelization = try number("--parallelization"), blockSize = try number("--block-size"), length = try number("--dk-len")
        let order: ImportedHashScheme.InputOrder?
        switch try arguments.option("--hash-input-order")?.uppercased() {
        case nil: order = nil
        case "SALT_FIRST": order = .saltAndPassword
        case "PASSWORD_FIRST": order = .passwordAndSalt
        case let other?: throw UsageError("--hash-input-order must be SALT_FIRST or PASSWORD_FIRST, not '\(other)'")
        }
        guard let algorithm else {
            if key != nil || separator != nil || rounds != nil || memoryCost != nil || parallelization != nil || blockSize != nil
                || length != nil || order != nil {
                throw UsageError("the hash parameters need --hash-algo")
            }
            return nil
        }
        let standard = ImportedHashAlgorithm(name: algorithm) == .standardScrypt
        let options = PasswordHashOptions(
            algorithm: algorithm, key: key, saltSeparator: separator ?? [], rounds: rounds, memoryCost: standard ? nil : memoryCost,
            cpuMemoryCost: standard ? memoryCost : nil, parallelization: parallelization, blockSize: blockSize, derivedKeyLength: length,
            order: order)
        if case .failure(let problem) = options.scheme() { throw UsageError(problem.detail) }
        return options
    }

    /// `--oidc NAME=ISSUER`: the identities of `oidc.NAME` to keep, at that issuer.
    static func providers(_ arguments: inout Arguments) throws(UsageError) -> [String: (name: String, issuer: String)] {
        var providers: [String: (name: String, issuer: String)] = [:]
        for entry in try arguments.options("--oidc") {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].hasPrefix("https://") else {
                throw UsageError("--oidc takes NAME=ISSUER with an https:// issuer, not '\(entry)'")
            }
            providers["oidc." + parts[0]] = (parts[0], parts[1])
        }
        return providers
    }
}
