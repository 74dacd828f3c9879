import GenkanStore

/// `genkan admin grant EMAIL`: the account with this address may use the admin console.
struct AdminGrantCommand: Command {
    static let path = ["admin", "grant"]
    static let summary = "Let the account with this address use the admin console (/admin)."
    static let help = """
        Usage: genkan admin grant [--db genkan.sqlite] EMAIL

        Makes the account whose address is EMAIL (any case) an administrator: once signed in, it
        may open /admin and act on other accounts. Each action needs a sign-in or a password check
        within the last five minutes and leaves an event naming the administrator. The grant is an
        event too (admin.granted, actor "system"). Use the same --db as genkan serve; running
        servers see the change at the administrator's next request.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 granted (or already an administrator), 1 no account has this address or
        the database cannot be used, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let email = try AdminCommandArguments.email(&arguments)
        return AdminCommandArguments.unavailable(path, location: location, subject: email)
    }
}

/// `genkan admin revoke EMAIL`: the account may no longer use the admin console.
struct AdminRevokeCommand: Command {
    static let path = ["admin", "revoke"]
    static let summary = "Take the admin console away from the account with this address."
    static let help = """
        Usage: genkan admin revoke [--db genkan.sqlite] EMAIL

        The account whose address is EMAIL (any case) is no longer an administrator: /admin
        answers it 404 from its next request on. Leaves an admin.revoked event.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]

        Exit status: 0 revoked (or was not an administrator), 1 no account has this address or the
        database cannot be used, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let email = try AdminCommandArguments.email(&arguments)
        return AdminCommandArguments.unavailable(path, location: location, subject: email)
    }
}

/// `genkan admin list`: the administrators, one per line.
struct AdminListCommand: Command {
    static let path = ["admin", "list"]
    static let summary = "List the accounts that may use the admin console."
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
        return AdminCommandArguments.unavailable(path, location: location, subject: nil)
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

    /// Until the store keeps the role, the commands say so rather than pretend.
    static func unavailable(_ path: [String], location: StoreLocation, subject: String?) -> Int32 {
        Terminal.error("genkan \(path.joined(separator: " ")): \(location): this Genkan's schema has no administrator role yet")
        return ExitStatus.failure
    }
}
