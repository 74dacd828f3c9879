extension PostgresSchema {
    /// Version 2 whole, table for table the tables of SQLite's migrations 1 and 2 (see
    /// `Schema.version2` for what each holds and why). The differences are PostgreSQL's words for
    /// the same rules: BIGINT for SQLite's INTEGER, BYTEA for BLOB, DOUBLE PRECISION for REAL,
    /// identity columns for AUTOINCREMENT (a sequence never gives an id twice), `octet_length` for
    /// `length(CAST(… AS BLOB))`, `strpos` for `instr`.
    static let version2 = """
        CREATE TABLE accounts (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- never reused
            email TEXT NOT NULL,
            email_key TEXT UNIQUE,  -- AccountStore.emailKey(email); NULL: lost it to an older account
            display_name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            password_hash TEXT,  -- NULL: signs in only through a linked provider until a reset sets one
            created_at BIGINT NOT NULL,
            verified_at BIGINT,
            disabled_at BIGINT,
            valid_since BIGINT,
            photo_url TEXT CHECK (octet_length(photo_url) <= 2048),
            last_login_at BIGINT,
            failed_sign_ins BIGINT NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0)
        );
        CREATE TABLE sessions (
            token_hash BYTEA PRIMARY KEY,  -- SHA-256 of the token
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at BIGINT NOT NULL,
            authenticated_at BIGINT NOT NULL,
            last_seen_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            user_agent TEXT CHECK (octet_length(user_agent) <= 512)
        );
        CREATE INDEX sessions_by_account ON sessions(account_id);
        CREATE TABLE secrets (
            name TEXT PRIMARY KEY,
            value BYTEA NOT NULL
        );
        CREATE TABLE action_codes (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order codes were issued in
            code_hash BYTEA NOT NULL UNIQUE,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            purpose TEXT NOT NULL
                CHECK (purpose IN ('verify-email', 'reset-password', 'change-email', 'recover-email')),
            email TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            consumed_at BIGINT
        );
        CREATE INDEX action_codes_by_account ON action_codes(account_id, purpose);
        CREATE TABLE outbox (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- never reused: log lines name one message each
            sender TEXT NOT NULL CHECK (sender <> '' AND strpos(sender, chr(13)) = 0 AND strpos(sender, chr(10)) = 0),
            recipient TEXT NOT NULL
                CHECK (recipient <> '' AND strpos(recipient, chr(13)) = 0 AND strpos(recipient, chr(10)) = 0),
            message BYTEA NOT NULL,
            created_at BIGINT NOT NULL,
            attempts BIGINT NOT NULL DEFAULT 0,
            next_attempt_at BIGINT NOT NULL,
            last_error TEXT,
            given_up_at BIGINT,
            account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE
        );
        CREATE INDEX outbox_due ON outbox(next_attempt_at, id) WHERE given_up_at IS NULL;
        CREATE INDEX outbox_by_account ON outbox(account_id) WHERE account_id IS NOT NULL;
        CREATE TABLE reset_requests (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            email TEXT NOT NULL,
            email_key TEXT NOT NULL,
            locale TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX reset_requests_by_email_key ON reset_requests(email_key);
        CREATE TABLE provider_identities (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            provider TEXT NOT NULL,
            issuer TEXT NOT NULL,
            subject TEXT NOT NULL,
            email TEXT,
            created_at BIGINT NOT NULL,
            last_used_at BIGINT,
            UNIQUE (issuer, subject),
            UNIQUE (account_id, issuer)
        );
        CREATE TABLE provider_authorizations (
            state_hash BYTEA PRIMARY KEY,
            provider TEXT NOT NULL,
            binding_hash BYTEA NOT NULL,
            account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE,
            nonce TEXT NOT NULL,
            code_verifier TEXT NOT NULL,
            return_to TEXT,
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            response_code TEXT,
            response_user TEXT
        );
        CREATE INDEX provider_authorizations_by_expiry ON provider_authorizations(expires_at);
        CREATE TABLE refresh_tokens (
            token_hash BYTEA PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at BIGINT NOT NULL,
            auth_time BIGINT NOT NULL,
            sign_in_provider TEXT NOT NULL,
            last_used_at BIGINT NOT NULL
        );
        CREATE INDEX refresh_tokens_by_account ON refresh_tokens(account_id);
        CREATE TABLE rate_limits (
            name TEXT NOT NULL,
            key TEXT NOT NULL,  -- a client address, or a keyed hash: never an e-mail address
            level DOUBLE PRECISION NOT NULL CHECK (level >= 0),
            updated_at BIGINT NOT NULL,
            expires_at BIGINT,
            PRIMARY KEY (name, key)
        );
        CREATE INDEX rate_limits_expiry ON rate_limits(expires_at) WHERE expires_at IS NOT NULL;
        """
}
