/// The versioned schema of Genkan's database: migration N turns version N-1 into version N, and
/// `PRAGMA user_version` records the version a file is at.
enum Schema {
    /// One step of a migration: SQL, or Swift for what SQL cannot compute (Unicode case folding).
    enum Step: Sendable {
        case sql(String)
        case swift(@Sendable (SQLiteDatabase, inout MigrationReport) throws(StoreError) -> Void)
    }

    /// Each migration, in order; index 0 creates version 1. Never edit a shipped migration:
    /// append a new one.
    static let migrations: [[Step]] = [
        // 1: accounts, sessions, server secrets.
        [.sql(version1)],
        // 2: e-mail comparison keys, valid_since, authenticated_at, one-time codes, the outbox.
        version2,
        // 3: Google identities under one spelling of its issuer.
        version3,
        // 4: the codes the Firebase Auth emulator lists.
        version4,
        // 5: string ids (uid), accounts without an address, custom claims, sign-in links.
        version5,
        // 6: passkeys, their accounts' user handles, the challenges of ceremonies under way.
        version6,
    ]

    static var currentVersion: Int64 { Int64(migrations.count) }

    /// The schema version `connection`'s database is at; 0 when it has none yet.
    static func version(_ connection: any SQLConnection) throws(StoreError) -> Int64 {
        switch connection.dialect {
        case .sqlite: try connection.firstRow("PRAGMA user_version") { $0.integer(0) } ?? 0
        case .postgresql: try PostgresSchema.version(connection)
        }
    }

    /// Brings `database` to the current version in one transaction, so a file is never left between
    /// versions and two processes starting at once migrate it once; returns what the migrations
    /// have to report (the caller prints it).
    ///
    /// Foreign keys are off while migrations run: a table rebuild (SQLite's "other kinds of table
    /// schema changes", lang_altertable.html §7) drops the old table, which would otherwise cascade
    /// to the rows that refer to it. The pragma is a no-op inside a transaction, so it is switched
    /// around it, and `PRAGMA foreign_key_check` must find nothing before the commit.
    ///
    /// - Throws: `StoreError.Code.schemaTooNew` when the file comes from a newer Genkan; nothing
    ///   is changed then.
    static func migrate(_ database: SQLiteDatabase) throws(StoreError) -> MigrationReport {
        let version = try database.scalarInteger("PRAGMA user_version") ?? 0
        if version == currentVersion { return MigrationReport(fromVersion: version, toVersion: version) }
        try database.execute("PRAGMA foreign_keys=OFF")
        let report: MigrationReport
        do {
            report = try database.transaction { () throws(StoreError) in try migrateInTransaction(database) }
        } catch {
            try? database.execute("PRAGMA foreign_keys=ON")
            throw error
        }
        try database.execute("PRAGMA foreign_keys=ON")
        return report
    }

    private static func migrateInTransaction(_ database: SQLiteDatabase) throws(StoreError) -> MigrationReport {
        // Read again inside the transaction: another process may have migrated in between.
        let version = try database.scalarInteger("PRAGMA user_version") ?? 0
        guard version <= currentVersion else {
            throw StoreError(
                .schemaTooNew,
                "\(database.path) has schema version \(version); this Genkan knows up to \(currentVersion)")
        }
        var report = MigrationReport(fromVersion: version, toVersion: currentVersion)
        for index in Int(version)..<migrations.count {
            for step in migrations[index] {
                switch step {
                case .sql(let sql): try database.execute(sql)
                case .swift(let body): try body(database, &report)
                }
            }
            try database.execute("PRAGMA user_version = \(index + 1)")
        }
        let check = try database.prepare("PRAGMA foreign_key_check")
        defer { check.reset() }
        if try check.step() {
            throw StoreError(.database, "\(database.path): migration left a dangling reference in table \(check.text(0))")
        }
        return report
    }
}
