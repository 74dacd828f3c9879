extension PostgresSchema {
    /// Version 7, as SQLite's `Schema.version7`: `accounts.credentials_trusted_since`.
    static let version7 = "ALTER TABLE accounts ADD COLUMN credentials_trusted_since BIGINT"
}
