import GenkanStore

/// `genkan events export`: the security event log as JSON lines, for a SIEM.
struct EventsExportCommand: Command {
    static let path = ["events", "export"]
    static let summary = "Write the security event log as JSON lines (for a SIEM)."
    static let help = """
        Usage: genkan events export [--db genkan.sqlite] [--since TIME] [--type TYPE]...

        Writes every stored event, oldest first, one JSON object per line on standard output:
        {"id", "time", "type", "uid", "actor", "client", "userAgent", "details"}. Events are read
        in batches and written as they are read, so a large log needs no memory. Events older than
        serve's --event-retention (90 days by default) are gone. No line holds a password, a
        token, a code or an address.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…]
          --since TIME    Only events at or after TIME: RFC 3339 (2026-12-01T09:00:00Z,
                          2026-12-01T18:00:00+09:00) or a day (2026-12-01, midnight UTC).
          --type TYPE     Only events of this type (sign_in.failed, account.deleted, …); repeat
                          for more. Types: \(AccountEventType.allCases.map(\.rawValue).joined(separator: ", ")).

        Exit status: 0 written (none is no lines), 1 the database cannot be read, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let since = try arguments.option("--since").map { text throws(UsageError) -> Int64 in
            guard let seconds = AccountEvent.seconds(rfc3339: text) else {
                throw UsageError("--since takes a time such as 2026-12-01T09:00:00Z or a day such as 2026-12-01, not '\(text)'")
            }
            return seconds
        }
        let types = try arguments.options("--type").map { text throws(UsageError) -> AccountEventType in
            guard let type = AccountEventType(rawValue: text) else {
                throw UsageError("--type: '\(text)' is not an event type; genkan events export --help lists them")
            }
            return type
        }
        try DatabaseOption.noPositionals(&arguments)
        guard let core = OperatorStore.open(location, command: path) else { return ExitStatus.failure }
        do {
            // One write per batch: a line at a time would be a system call per event.
            try core.forEachEvent(since: since, types: types) { batch in
                Terminal.write(batch.map { $0.jsonLine + "\n" }.joined())
            }
        } catch let error as StoreError {
            Terminal.error("genkan events export: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
