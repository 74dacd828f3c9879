import GenkanSQL

extension Schema {
    /// Migration 6: passkeys. Each account that has one gets a random user handle (WebAuthn's
    /// `user.id`: never the address, which authenticators would keep unencrypted and show); its
    /// passkeys are WebAuthn credential records, unique by credential id across every account;
    /// challenges of ceremonies under way are stored under their SHA-256, bound to the browser
    /// that asked for them, so that any server on the file can finish what another began, and each
    /// works once.
    ///
    /// Flags are 0 or 1 in PostgreSQL too (not BOOLEAN), so that copying a database between them
    /// is a copy.
    static let version6: [Step] = [
        .sqlite("""
        CREATE TABLE passkey_users (
            account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
            user_handle BLOB NOT NULL UNIQUE CHECK (length(user_handle) BETWEEN 1 AND 64)
        ) STRICT;
        CREATE TABLE passkeys (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- the pages name a passkey by it; never reused
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            credential_id BLOB NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1023),
            public_key BLOB NOT NULL,  -- the COSE key as the registration gave it
            sign_count INTEGER NOT NULL CHECK (sign_count BETWEEN 0 AND 4294967295),
            backup_eligible INTEGER NOT NULL CHECK (backup_eligible IN (0, 1)),  -- BE: may be synced (fixed)
            backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),  -- BS: synced now, as last reported
            aaguid BLOB NOT NULL CHECK (length(aaguid) = 16),
            transports TEXT NOT NULL,  -- the browser's getTransports(), comma-separated
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
            created_at INTEGER NOT NULL,
            last_used_at INTEGER
        ) STRICT;
        CREATE INDEX passkeys_by_account ON passkeys(account_id);
        CREATE TABLE passkey_challenges (
            id INTEGER PRIMARY KEY,  -- the order of issue: a browser keeps only its newest few
            challenge_hash BLOB NOT NULL UNIQUE,  -- SHA-256 of the challenge; the response names it
            ceremony TEXT NOT NULL,  -- 'registration', 'sign-in', 'reauthentication'
            binding_hash BLOB NOT NULL,  -- SHA-256 of the pre-session (sign-in) or of the session binding
            account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,  -- registration, re-authentication
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX passkey_challenges_by_binding ON passkey_challenges(binding_hash);
        CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges(expires_at);
        """),
        .postgresql("""
        CREATE TABLE passkey_users (
            account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
            user_handle BYTEA NOT NULL UNIQUE CHECK (octet_length(user_handle) BETWEEN 1 AND 64)
        );
        CREATE TABLE passkeys (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the pages name a passkey by it; never reused
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            credential_id BYTEA NOT NULL UNIQUE CHECK (octet_length(credential_id) BETWEEN 1 AND 1023),
            public_key BYTEA NOT NULL,  -- the COSE key as the registration gave it
            sign_count BIGINT NOT NULL CHECK (sign_count BETWEEN 0 AND 4294967295),
            backup_eligible BIGINT NOT NULL CHECK (backup_eligible IN (0, 1)),  -- BE: may be synced (fixed)
            backed_up BIGINT NOT NULL CHECK (backed_up IN (0, 1)),  -- BS: synced now, as last reported
            aaguid BYTEA NOT NULL CHECK (octet_length(aaguid) = 16),
            transports TEXT NOT NULL,  -- the browser's getTransports(), comma-separated
            name TEXT NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
            created_at BIGINT NOT NULL,
            last_used_at BIGINT
        );
        CREATE INDEX passkeys_by_account ON passkeys(account_id);
        CREATE TABLE passkey_challenges (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order of issue: a browser keeps only its newest few
            challenge_hash BYTEA NOT NULL UNIQUE,  -- SHA-256 of the challenge; the response names it
            ceremony TEXT NOT NULL,  -- 'registration', 'sign-in', 'reauthentication'
            binding_hash BYTEA NOT NULL,  -- SHA-256 of the pre-session (sign-in) or of the session binding
            account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE,  -- registration, re-authentication
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL
        );
        CREATE INDEX passkey_challenges_by_binding ON passkey_challenges(binding_hash);
        CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges(expires_at);
        """),
    ]
}
