import GenkanStore

/// `genkan db migrate --db FILE|URL`: the schema migrations alone, as `genkan serve` runs them at
/// start.
struct DatabaseMigrateCommand: Command {
    static let path = ["db", "migrate"]
    static let summary = "Create or migrate a database's schema to this version of Genkan."
    static let help = """
        Usage: genkan db migrate [--db genkan.sqlite]

        Creates the schema in an empty database, or brings an older one to this Genkan's
        version, in one transaction, and says which version it was at. `genkan serve` does the
        same at start; this runs it alone, before the servers are started (or replaced). Servers
        running at once on one PostgreSQL database migrate it once: a migration holds an
        advisory lock.

          --db FILE|URL   SQLite database file (default genkan.sqlite; created if missing), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 migrated or already current, 1 the database could not be migrated (a
        newer Genkan's, unreachable), 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        try DatabaseOption.noPositionals(&arguments)
        var lines: [String] = []
        let report: MigrationReport
        do throws(StoreError) {
            report = try location.migrate(migrationLog: { lines.append($0) })
        } catch {
            Terminal.error("genkan db migrate: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        for line in lines { Terminal.writeLine(line) }
        if report.fromVersion == report.toVersion {
            Terminal.writeLine("\(location): schema version \(report.toVersion), already current")
        } else if report.fromVersion == 0 {
            Terminal.writeLine("\(location): schema created at version \(report.toVersion)")
        } else {
            Terminal.writeLine("\(location): schema migrated from version \(report.fromVersion) to \(report.toVersion)")
        }
        return ExitStatus.success
    }
}

/// `genkan db check --db FILE|URL`: the schema version, and whether it is this Genkan's.
struct DatabaseCheckCommand: Command {
    static let path = ["db", "check"]
    static let summary = "Report a database's schema version and whether this Genkan can serve it."
    static let help = """
        Usage: genkan db check [--db genkan.sqlite]

        Prints the schema version of the database and this Genkan's, and whether they match;
        changes nothing (a missing SQLite file is not created). For a database of this
        Genkan's version, also counts the accounts by how their password hashes are made:
        Argon2id, none, or a hash imported from another system (genkan users import,
        accounts:batchCreate) that its user's next right password replaces, and warns about
        the weak ones (digests, HMACs, PBKDF2 under 100,000 iterations), which a stolen copy of
        the database gives up at nearly a plain digest's rate.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 the versions match, 1 they do not (an older schema: run genkan db
        migrate; a newer one: this Genkan is too old), or the database cannot be read,
        2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        try DatabaseOption.noPositionals(&arguments)
        let version: Int64
        do throws(StoreError) {
            version = try location.schemaVersion()
        } catch {
            Terminal.error("genkan db check: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        let current = location.currentSchemaVersion
        let verdict: String
        switch version {
        case current: verdict = "matches this Genkan"
        case 0: verdict = "no Genkan schema yet; genkan db migrate (or genkan serve) creates version \(current)"
        case ..<current: verdict = "older than this Genkan's version \(current); run genkan db migrate --db …"
        default: verdict = "newer than this Genkan's version \(current); run the Genkan that wrote it"
        }
        Terminal.writeLine("\(location): schema version \(version), \(verdict)")
        guard version == current else { return ExitStatus.failure }
        do throws(StoreError) {
            Self.report(try AccountArchive(location: location).passwordHashCensus())
        } catch {
            Terminal.error("genkan db check: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    /// The accounts by how their password hashes are made, and a warning for the weak ones.
    private static func report(_ census: PasswordHashCensus) {
        var parts = ["\(Count.grouped(census.argon2id)) Argon2id"]
        let imported = census.imported.values.reduce(0) { $0 + $1.accounts }
        if imported > 0 {
            let names = census.imported.sorted { $0.key < $1.key }.map { "\($0.key) \(Count.grouped($0.value.accounts))" }
            parts.append("\(Count.grouped(imported)) imported (\(names.joined(separator: ", ")))")
        }
        parts.append("\(Count.grouped(census.withoutPassword)) without a password")
        if census.unreadable > 0 { parts.append("\(Count.grouped(census.unreadable)) unreadable (no password signs in)") }
        Terminal.writeLine("  accounts: \(Count.grouped(census.accounts)); password hashes: \(parts.joined(separator: ", "))")
        guard census.weak > 0 else { return }
        let weak = census.imported.filter { $0.value.weak > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \(Count.grouped($0.value.weak))" }
        Terminal.writeLine(
            "  warning: \(Count.grouped(census.weak)) accounts still have a weak imported hash (\(weak.joined(separator: ", "))): "
                + "a stolen copy of the database gives them up at nearly a plain digest's rate. Each is replaced by Argon2id at its "
                + "user's next sign-in; ask the others to sign in, or to reset their password.")
    }
}

/// `genkan db copy SOURCE DESTINATION`: a site moved to another store without signing anyone out.
struct DatabaseCopyCommand: Command {
    static let path = ["db", "copy"]
    static let summary = "Copy every table of a database into a new, empty one (SQLite or PostgreSQL)."
    static let help = """
        Usage: genkan db copy SOURCE DESTINATION

        Copies every table of SOURCE into DESTINATION, each an SQLite file or a
        postgresql://USER[:PASS]@HOST[:PORT]/DBNAME URL: accounts, sessions, refresh tokens,
        codes, limits, the mail outbox, linked identities and the server secrets (the CSRF and
        limits keys, the API's signing key), ids included. Everyone stays signed in, tokens keep
        working, and no id is given twice afterwards. DESTINATION must be empty (a new SQLite file,
        or a PostgreSQL database without Genkan's tables); its schema is created, and the copy
        is written in one transaction, so it is all there or not at all. SOURCE must be at this
        Genkan's schema version (genkan db migrate first); it is read in one snapshot, so stop the
        servers that write to it first, or what they write after the snapshot stays behind.

        Exit status: 0 copied, 1 nothing copied (why is printed), 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let positionals = try arguments.positionals()
        guard positionals.count == 2 else {
            throw UsageError("expected SOURCE and DESTINATION, got \(positionals.count) argument\(positionals.count == 1 ? "" : "s")")
        }
        let source = try DatabaseOption.parse(positionals[0], what: "SOURCE")
        let destination = try DatabaseOption.parse(positionals[1], what: "DESTINATION")
        let report: StoreCopy.Report
        do throws(StoreError) {
            report = try StoreCopy.copy(from: source, to: destination)
        } catch {
            Terminal.error("genkan db copy: \(error.detail)")
            return ExitStatus.failure
        }
        for table in report.tables {
            Terminal.writeLine("\(table.name): \(table.rows) row\(table.rows == 1 ? "" : "s")")
        }
        Terminal.writeLine("copied \(source) to \(destination) (schema version \(report.schemaVersion))")
        return ExitStatus.success
    }
}

/// The `--db` option and database arguments of the `genkan db` commands.
enum DatabaseOption {
    static func location(_ arguments: inout Arguments) throws(UsageError) -> StoreLocation {
        try parse(try arguments.option("--db") ?? "genkan.sqlite", what: "--db")
    }

    static func parse(_ value: String, what: String) throws(UsageError) -> StoreLocation {
        let location: StoreLocation
        do throws(StoreError) {
            location = try StoreLocation(parsing: value)
        } catch {
            throw UsageError("\(what): \(error.detail)")
        }
        if let warning = location.securityWarning { Terminal.error("genkan: warning: \(warning)") }
        return location
    }

    static func noPositionals(_ arguments: inout Arguments) throws(UsageError) {
        let extra = try arguments.positionals()
        guard extra.isEmpty else { throw UsageError("unexpected argument '\(extra[0])'") }
    }
}
