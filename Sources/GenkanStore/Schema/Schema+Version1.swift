import GenkanSQL

extension Schema {
    /// Migration 1, the first schema as it shipped: accounts, sessions, server secrets. SQLite
    /// only: PostgreSQL support began at version 2, whose migration creates it whole.
    static let version1: [Step] = [
        .sqlite("""
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
        """),
    ]
}
