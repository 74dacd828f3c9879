import GenkanSQL

/// The versioned schema of Genkan's database: one list of migrations for every dialect, where
/// migration N turns version N-1 into version N. SQLite records the version in `PRAGMA
/// user_version`, PostgreSQL in the one row of `genkan_schema`; a version names one set of tables,
/// columns and rules whatever holds them.
///
/// Each step says where its DDL differs: `.sql` is the same on every engine, `.ddl` is written
/// once with the dialect's words for what differs (types, ids, byte lengths), and `.sqlite` or
/// `.postgresql` is one engine's alone (the other has its own step in the same migration, or
/// needs none). PostgreSQL support began at version 2: migration 1 has no PostgreSQL step, and
/// migration 2's creates version 2 whole.
enum Schema {
    /// One step of a migration.
    enum Step: Sendable {
        /// The same SQL on every engine.
        case sql(String)
        /// SQL written once, with the dialect's words where the engines differ (`SQLDialect+DDL`).
        case ddl(@Sendable (SQLDialect) -> String)
        /// SQL for SQLite only.
        case sqlite(String)
        /// SQL for PostgreSQL only.
        case postgresql(String)
        /// Swift, for what SQL cannot compute (Unicode case folding); runs on every engine.
        case swift(@Sendable (SQLStore, inout MigrationReport) throws(StoreError) -> Void)

        /// The SQL this step runs on `dialect`: nil for a Swift step and for another engine's.
        func sql(for dialect: SQLDialect) -> String? {
            switch self {
            case .sql(let sql): sql
            case .ddl(let make): make(dialect)
            case .sqlite(let sql): dialect == .sqlite ? sql : nil
            case .postgresql(let sql): dialect == .postgresql ? sql : nil
            case .swift: nil
            }
        }
    }

    /// Each migration, in order; index 0 creates version 1. Never edit a shipped migration:
    /// append a new one (`SchemaTests` holds the shipped ones to their digests).
    static let migrations: [[Step]] = [
        // 1: accounts, sessions, server secrets.
        version1,
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
        // 7: since when the account's ways in are its address owner's.
        version7,
        // 8: the security event log, its webhook deliveries, administrators.
        version8,
        // 9: second factors: TOTP, recovery codes, second steps and enrolments under way.
        version9,
    ]

    static var currentVersion: Int64 { Int64(migrations.count) }

    /// The SQL that migrations 1 through `version` run on `dialect`, as one script (their Swift
    /// steps left out, and the version not recorded): the tables a Genkan of that version made,
    /// for building a database of an older version (the migration tests). Every statement ends
    /// with `;`, the last too (a step's SQL may not), so more may follow.
    static func script(through version: Int, for dialect: SQLDialect) -> String {
        migrations.prefix(version).joined().compactMap { $0.sql(for: dialect) }.joined(separator: "\n;\n") + "\n;"
    }

    /// The key of PostgreSQL's advisory lock held while migrating ("genkan" in ASCII), shared by
    /// every Genkan on the database whatever its version.
    static let migrationLock: Int64 = 0x67_65_6E_6B_61_6E

    /// The schema version `connection`'s database is at; 0 when it has none yet.
    static func version(_ store: SQLStore) throws(StoreError) -> Int64 {
        switch store.dialect {
        case .sqlite:
            return try store.firstRow("PRAGMA user_version") { $0.integer(0) } ?? 0
        case .postgresql:
            // A scan of pg_class under the statement's snapshot, not to_regclass: that looks the
            // name up in the backend's catalog cache, which may still hold "no such table" from
            // before the advisory lock (taking an advisory lock does not process catalog
            // invalidations), and a second server would then create the tables again.
            let exists = try store.firstRow(
                "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'genkan_schema'"
            ) { $0.integer(0) }
            guard exists == 1 else { return 0 }
            return try store.firstRow("SELECT version FROM genkan_schema") { $0.integer(0) } ?? 0
        }
    }

    /// Brings the database to the current version in one transaction, so it is never left between
    /// versions and servers or processes starting at once migrate it once; returns what the
    /// migrations have to report (the caller prints it).
    ///
    /// The version is read first without a lock (the usual case: nothing to do). Otherwise one
    /// transaction (`SQLTransaction.migration`) takes the migration lock — SQLite's write lock
    /// (`BEGIN IMMEDIATE`), PostgreSQL's advisory lock — reads the version again (another process
    /// may have migrated while this one waited: PostgreSQL's READ COMMITTED lets each statement see
    /// what was committed before it, where a serializable snapshot taken before the wait would
    /// not), runs the missing migrations and records the version. DDL is transactional in both, so
    /// a failure leaves the database as it was.
    ///
    /// SQLite's foreign keys are off while migrations run: a table rebuild (SQLite's "other kinds
    /// of table schema changes", lang_altertable.html §7) drops the old table, which would
    /// otherwise cascade to the rows that refer to it. The pragma is a no-op inside a transaction,
    /// so it is switched around it, and `PRAGMA foreign_key_check` must find nothing before the
    /// commit.
    ///
    /// - Throws: `StoreError.Code.schemaTooNew` when the database comes from a newer Genkan;
    ///   nothing is changed then.
    static func migrate(_ store: SQLStore) throws(StoreError) -> MigrationReport {
        let connection = store.connection
        let found = try version(store)
        if found == currentVersion { return MigrationReport(fromVersion: found, toVersion: found) }
        try refuseNewer(found, connection)
        guard connection.dialect == .sqlite else {
            return try connection.transaction(.migration) { () throws(StoreError) in try migrateInTransaction(store) }
        }
        try connection.runScript("PRAGMA foreign_keys=OFF")
        let report: MigrationReport
        do {
            report = try connection.transaction(.migration) { () throws(StoreError) in try migrateInTransaction(store) }
        } catch {
            try? connection.runScript("PRAGMA foreign_keys=ON")
            throw error
        }
        try connection.runScript("PRAGMA foreign_keys=ON")
        return report
    }

    private static func migrateInTransaction(_ store: SQLStore) throws(StoreError) -> MigrationReport {
        let connection = store.connection
        let dialect = store.dialect
        if dialect == .postgresql { try connection.runScript("SELECT pg_advisory_xact_lock(\(migrationLock))") }
        // Read again inside the transaction: another process may have migrated in between.
        let version = try Self.version(store)
        try refuseNewer(version, connection)
        var report = MigrationReport(fromVersion: version, toVersion: currentVersion)
        if dialect == .postgresql {
            try connection.runScript(
                """
                CREATE TABLE IF NOT EXISTS genkan_schema (
                    singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),  -- one row
                    version BIGINT NOT NULL
                )
                """)
        }
        for migration in migrations[Int(version)...] {
            for step in migration {
                if case .swift(let body) = step {
                    try body(store, &report)
                } else if let sql = step.sql(for: dialect) {
                    try connection.runScript(sql)
                }
            }
        }
        switch dialect {
        case .sqlite:
            try connection.runScript("PRAGMA user_version = \(currentVersion)")
            if let table = try store.firstRow("PRAGMA foreign_key_check", read: { $0.text(0) }) {
                throw StoreError(.database, "\(connection.location): migration left a dangling reference in table \(table)")
            }
        case .postgresql:
            try store.changes(
                "INSERT INTO genkan_schema (version) VALUES (?) ON CONFLICT (singleton) DO UPDATE SET version = excluded.version",
                .integer(currentVersion))
        }
        return report
    }

    private static func refuseNewer(_ version: Int64, _ connection: any SQLConnection) throws(StoreError) {
        guard version <= currentVersion else {
            throw StoreError(
                .schemaTooNew, "\(connection.location) has schema version \(version); this Genkan knows up to \(currentVersion)")
        }
    }
}
