import GenkanSQL

/// Moves a site from one store to another (`genkan db copy`): every table, row for row, into an
/// empty destination whose schema it creates, in one transaction there. Ids are copied as they
/// are and each table's id sequence is set past the highest id the source ever gave, so no id is
/// given twice; sessions, refresh tokens and codes are stored under hashes of their tokens, and the
/// server secrets (the CSRF and limits keys, the API's signing key) are rows too, so everyone stays
/// signed in and every token keeps working after the move.
///
/// ```swift
/// let report = try StoreCopy.copy(from: .sqlite(path: "genkan.sqlite"),
///                                 to: .postgresql(url: "postgresql://genkan@db/genkan"))
/// ```
public enum StoreCopy {
    /// Every table of the current schema, each after the tables it refers to.
    static let tables = [
        "secrets", "accounts", "sessions", "refresh_tokens", "action_codes", "outbox", "reset_requests", "provider_identities",
        "provider_authorizations", "rate_limits", "emulator_codes", "sign_in_codes", "passkey_users", "passkeys", "passkey_challenges",
        "events", "webhook_deliveries", "second_factors", "recovery_codes", "pending_second_steps", "totp_enrollments",
    ]

    /// What was copied: each table with its number of rows, in copying order.
    public struct Report: Sendable, Hashable {
        public let schemaVersion: Int64
        public let tables: [(name: String, rows: Int)]

        public static func == (left: Report, right: Report) -> Bool {
            left.schemaVersion == right.schemaVersion && left.tables.elementsEqual(right.tables) { $0 == $1 }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(schemaVersion)
            for table in tables {
                hasher.combine(table.name)
                hasher.combine(table.rows)
            }
        }
    }

    /// Copies `source` into `destination`.
    ///
    /// - Throws: `StoreError.Code.database` when the source is not at this Genkan's schema
    ///   version (migrate it first: `genkan db migrate`), holds a table this Genkan does not know,
    ///   or the destination is not empty; `.schemaTooNew` for a source of a newer Genkan. Nothing
    ///   is written to the destination then, or when a row cannot be copied (the transaction is
    ///   rolled back; an SQLite file created for it stays, empty).
    public static func copy(from source: StoreLocation, to destination: StoreLocation) throws(StoreError) -> Report {
        guard source != destination else { throw StoreError(.database, "the source and the destination are the same database") }
        let reading = try source.openExisting()
        let version = try reading.schemaVersion()
        guard version <= source.currentSchemaVersion else {
            throw StoreError(.schemaTooNew, "\(source) has schema version \(version); this Genkan knows up to \(source.currentSchemaVersion)")
        }
        guard version == source.currentSchemaVersion else {
            throw StoreError(
                .database,
                "\(source) has schema version \(version), not \(source.currentSchemaVersion): run genkan db migrate --db on it first")
        }
        guard let from = reading as? any TableTransfer else { throw StoreError(.database, "\(source) cannot be read table by table") }
        let unknown = Set(try from.tableNames()).subtracting(tables)
        guard unknown.isEmpty else {
            throw StoreError(.database, "\(source) holds tables this Genkan does not copy: \(unknown.sorted().joined(separator: ", "))")
        }
        let writing = try destination.open(migrationLog: { _ in })
        guard let to = writing as? any TableTransfer else { throw StoreError(.database, "\(destination) cannot be written table by table") }
        for table in tables {
            let rows = try to.rowCount(of: table)
            guard rows == 0 else {
                throw StoreError(.database, "\(destination) is not empty (table \(table) has \(rows) row\(rows == 1 ? "" : "s")); copy into a new database")
            }
        }
        // The destination is written in one transaction, the source read in one snapshot inside
        // it (a row and the rows it refers to come from the same moment; a live site may go on
        // writing meanwhile, though what it writes after the snapshot is not copied).
        let counts = try writing.transaction { () throws(StoreError) -> [(name: String, rows: Int)] in
            try from.snapshot { () throws(StoreError) -> [(name: String, rows: Int)] in
                var counts: [(name: String, rows: Int)] = []
                for table in tables {
                    let columns = try from.columns(of: table)
                    let expected = try to.columns(of: table)
                    guard Set(columns) == Set(expected) else {
                        throw StoreError(.database, "table \(table) has other columns in \(source) than in \(destination)")
                    }
                    var copied = 0
                    try from.forEachRow(of: table, columns: columns) { (values: [StoreValue]) throws(StoreError) in
                        do throws(StoreError) {
                            try to.insertRow(into: table, columns: columns, values)
                        } catch {
                            throw StoreError(error.code == .unavailable ? .unavailable : .database, "table \(table), row \(copied + 1): \(error.detail)")
                        }
                        copied += 1
                    }
                    if let highest = try from.idHighWater(of: table) { try to.setIDHighWater(of: table, highest) }
                    counts.append((table, copied))
                }
                return counts
            }
        }
        return Report(schemaVersion: version, tables: counts)
    }
}
