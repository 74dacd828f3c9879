extension PostgresSchema {
    /// Version 6, as SQLite's `Schema.version6`: passkeys, their accounts' user handles and the
    /// challenges of ceremonies under way. Flags are 0 or 1 as in SQLite (not BOOLEAN), so that
    /// copying a database between them is a copy.
    static let version6 = """
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
        """
}
