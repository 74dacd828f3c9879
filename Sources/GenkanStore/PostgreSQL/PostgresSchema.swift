/// The schema of Genkan's database on PostgreSQL: the same tables, columns and rules as SQLite's
/// `Schema` at the same version number, so that a version names one set of tables whatever holds
/// them. The version lives in the one-row table `genkan_schema`.
///
/// PostgreSQL support began at version 2, so its first migration creates version 2 whole; every
/// later version is one migration here and one in `Schema`, with the same number.
enum PostgresSchema {
    /// Each migration in order, with the version it brings the database to. Never edit a shipped
    /// migration: append a new one.
    static let migrations: [(version: Int64, sql: String)] = [
        (2, version2),
        (3, version3),
        (4, version4),
        (5, version5),
        (6, version6),
    ]

    static var currentVersion: Int64 { migrations.last?.version ?? 0 }

    /// The key of the advisory lock held while migrating ("genkan" in ASCII), shared by every
    /// Genkan on the database whatever its version.
    static let migrationLock: Int64 = 0x67_65_6E_6B_61_6E

    /// Brings the database to the current version; returns what changed.
    ///
    /// The version is read first without a lock (the usual case: nothing to do). Otherwise one
    /// READ COMMITTED transaction takes `pg_advisory_xact_lock`, reads the version again (another
    /// server may have migrated while this one waited: under READ COMMITTED each statement sees
    /// what was committed before it, where a serializable snapshot taken before the wait would
    /// not), runs the missing migrations and records the version; DDL is transactional, so a
    /// failure leaves the database as it was, and the lock ends with the transaction.
    ///
    /// - Throws: `StoreError.Code.schemaTooNew` when a newer Genkan wrote the database; nothing is
    ///   changed then.
    static func migrate(_ connection: PostgresConnection) throws(StoreError) -> MigrationReport {
        let found = try version(connection)
        if found == currentVersion { return MigrationReport(fromVersion: found, toVersion: found) }
        try refuseNewer(found, connection)
        return try connection.transaction(isolation: .readCommitted) { () throws(StoreError) -> MigrationReport in
            try connection.execute("SELECT pg_advisory_xact_lock(\(migrationLock))")
            let version = try Self.version(connection)
            try refuseNewer(version, connection)
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS genkan_schema (
                    singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),  -- one row
                    version BIGINT NOT NULL
                )
                """)
            for migration in migrations where migration.version > version {
                try connection.execute(migration.sql)
            }
            _ = try connection.query(
                "INSERT INTO genkan_schema (version) VALUES ($1) ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version",
                [.integer(currentVersion)])
            return MigrationReport(fromVersion: version, toVersion: currentVersion)
        }
    }

    /// The version recorded in the database; 0 when there is none yet.
    static func version(_ connection: any SQLConnection) throws(StoreError) -> Int64 {
        // A scan of pg_class under the statement's snapshot, not to_regclass: that looks the name
        // up in the backend's catalog cache, which may still hold "no such table" from before
        // the advisory lock (taking an advisory lock does not process catalog invalidations), and
        // a second server would then create the tables again.
        let exists = try connection.firstRow(
            "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'genkan_schema'"
        ) { $0.integer(0) }
        guard exists == 1 else { return 0 }
        return try connection.firstRow("SELECT version FROM genkan_schema") { $0.integer(0) } ?? 0
    }

    private static func refuseNewer(_ version: Int64, _ connection: PostgresConnection) throws(StoreError) {
        guard version <= currentVersion else {
            throw StoreError(
                .schemaTooNew, "PostgreSQL at \(connection.target) has schema version \(version); this Genkan knows up to \(currentVersion)")
        }
    }
}
