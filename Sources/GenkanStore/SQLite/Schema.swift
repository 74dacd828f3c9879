/// The versioned schema of Genkan's database: migration N turns version N-1 into version N, and
/// `PRAGMA user_version` records the version a file is at.
enum Schema {
    /// Each migration, in order; index 0 creates version 1. Never edit a shipped migration:
    /// append a new one.
    static let migrations: [String] = [
        // 1: accounts, sessions, server secrets.
        """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            display_name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            verified_at INTEGER,
            disabled_at INTEGER
        ) STRICT;
        CREATE TABLE sessions (
            token_hash BLOB PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            last_seen_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX sessions_by_account ON sessions(account_id);
        CREATE TABLE secrets (
            name TEXT PRIMARY KEY,
            value BLOB NOT NULL
        ) STRICT, WITHOUT ROWID;
        """
    ]

    static var currentVersion: Int64 { Int64(migrations.count) }

    /// Brings `database` to the current version in one transaction, so a file is never left between
    /// versions and two processes starting at once migrate it once.
    ///
    /// - Throws: `StoreError.Code.schemaTooNew` when the file comes from a newer Genkan; nothing
    ///   is changed then.
    static func migrate(_ database: SQLiteDatabase) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            let version = try database.scalarInteger("PRAGMA user_version") ?? 0
            guard version <= currentVersion else {
                throw StoreError(
                    .schemaTooNew,
                    "\(database.path) has schema version \(version); this Genkan knows up to \(currentVersion)")
            }
            for step in Int(version)..<migrations.count {
                try database.execute(migrations[step])
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }
}
