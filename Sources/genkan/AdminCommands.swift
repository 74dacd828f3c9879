import GenkanStore

/// `genkan admin grant EMAIL`: the account with this address is recorded as an administrator.
struct AdminGrantCommand: Command {
    static let path = ["admin", "grant"]
    static let summary = "Record the account with this address as an administrator."
    static let help = """
        Usage: genkan admin grant [--db genkan.sqlite] EMAIL

        Records the account whose address is EMAIL (any case) as an administrator, since now,
        with an admin.granted event (actor "system", door "cli"); genkan admin list shows it. The
        account, signed in as usual, then finds the console at /admin (its password asked again
        before an action after 5 minutes). Use the same --db as genkan serve; the database must
        be at this Genkan's schema version (nothing is created or migrated).

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 granted (or already an administrator), 1 no account has this address or
        the database cannot be used, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let email = try AdminCommandArguments.email(&arguments)
        return AdminCommandArguments.change(path, location: location, email: email, granting: true)
    }
}

/// `genkan admin revoke EMAIL`: the account is no longer an administrator.
struct AdminRevokeCommand: Command {
    static let path = ["admin", "revoke"]
    static let summary = "Take the administrator role from the account with this address."
    static let help = """
        Usage: genkan admin revoke [--db genkan.sqlite] EMAIL

        The account whose address is EMAIL (any case) is no longer an administrator. Leaves an
        admin.revoked event.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 revoked (or was not an administrator), 1 no account has this address or the
        database cannot be used, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let email = try AdminCommandArguments.email(&arguments)
        return AdminCommandArguments.change(path, location: location, email: email, granting: false)
    }
}

/// `genkan admin list`: the administrators, one per line.
struct AdminListCommand: Command {
    static let path = ["admin", "list"]
    static let summary = "List the administrators."
    static let help = """
        Usage: genkan admin list [--db genkan.sqlite]

        Prints one line per administrator: uid, address and when the role was granted (RFC 3339,
        UTC), separated by tabs, oldest grant first.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 listed (none is an empty list), 1 the database cannot be read, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        try DatabaseOption.noPositionals(&arguments)
        guard let core = OperatorStore.open(location, command: path) else { return ExitStatus.failure }
        do throws(StoreError) {
            for admin in try core.administrators() {
                Terminal.writeLine([admin.uid, admin.email, AccountEvent.rfc3339(admin.adminSince ?? 0)].joined(separator: "\t"))
            }
        } catch {
            Terminal.error("genkan admin list: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}

/// What the `genkan admin` commands share.
enum AdminCommandArguments {
    /// The one positional argument, an address.
    static func email(_ arguments: inout Arguments) throws(UsageError) -> String {
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw UsageError("expected one EMAIL, the address of the account, got \(positionals.count) arguments")
        }
        guard positionals[0].contains("@") else { throw UsageError("'\(positionals[0])' is not an e-mail address") }
        return positionals[0]
    }

    /// Grants or revokes the role of the account with `email`, with its event, and says what it did.
    static func change(_ path: [String], location: StoreLocation, email: String, granting: Bool) -> Int32 {
        let command = "genkan " + path.joined(separator: " ")
        guard let core = OperatorStore.open(location, command: path) else { return ExitStatus.failure }
        let change: AccountStore.RoleChange
        do throws(StoreError) {
            change = granting ? try core.grantAdministrator(email: email) : try core.revokeAdministrator(email: email)
        } catch {
            Terminal.error("\(command): \(location): \(error.detail)")
            return ExitStatus.failure
        }
        switch change {
        case .noAccount:
            Terminal.error("\(command): \(location): no account has the address \(email)")
            return ExitStatus.failure
        case .changed(let account):
            Terminal.writeLine("\(account.email) (\(account.uid)) \(granting ? "is now an administrator" : "is no longer an administrator")")
        case .unchanged(let account):
            Terminal.writeLine("\(account.email) (\(account.uid)) \(granting ? "was already an administrator" : "was not an administrator")")
        }
        return ExitStatus.success
    }
}

/// The core the operators' commands work through: an existing database at this Genkan's schema
/// version, opened without creating or migrating anything (a mistyped --db must not leave a new
/// file behind); what they write is the command line's.
enum OperatorStore {
    static func open(_ location: StoreLocation, command path: [String]) -> Authenticator? {
        let command = "genkan " + path.joined(separator: " ")
        do throws(StoreError) {
            // Read first, to say which way the versions differ.
            let version = try location.schemaVersion()
            guard version == location.currentSchemaVersion else {
                Terminal.error(
                    "\(command): \(location): schema version \(version), not this Genkan's \(location.currentSchemaVersion); "
                        + (version < location.currentSchemaVersion ? "run genkan db migrate --db … first" : "run the Genkan that wrote it"))
                return nil
            }
            let core = try Authenticator(store: try AccountStore(existing: location))
            core.origin = .commandLine
            return core
        } catch {
            Terminal.error("\(command): \(location): \(error.detail)")
            return nil
        }
    }
}
