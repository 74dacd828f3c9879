import GenkanSQL

extension Schema {
    /// Migration 2: one account per address whatever its case, `valid_since`, the time a session
    /// last proved the password and the browser it was started in, one-time codes (an address
    /// change and its undo among them), the mail outbox (which knows the account a message is
    /// about, so that deleting the account deletes its unsent mail), password-reset requests
    /// waiting to be turned into a code and a mail, and the rate limits (an account's count of
    /// consecutive failed sign-ins, and every other limit's buckets), so that a restart does not
    /// clear them and every server on the file shares them; for the Firebase-compatible API, an
    /// account's photo URL and last sign-in, and refresh tokens (stored hashed, void before
    /// `valid_since`); the identities of OpenID providers linked to accounts (an account made by
    /// one has no password until a reset gives it one), and the authorization requests waiting for
    /// their callback.
    ///
    /// `accounts` and `sessions` are rebuilt (new table, copy, drop, rename: SQLite cannot drop a
    /// UNIQUE constraint or add a NOT NULL column without a default in place). Ids are copied, so
    /// every reference keeps pointing at the same account; from now on they are AUTOINCREMENT, so
    /// the id of a deleted account is never given to a new one (a request that looked its session
    /// up before the deletion must not reach whoever signs up next). The comparison key is
    /// computed in Swift between the copy and the unique index, since SQL has no Unicode case
    /// folding.
    ///
    /// PostgreSQL's step creates version 2 whole, table for table the tables of SQLite's
    /// migrations 1 and 2. The differences are PostgreSQL's words for the same rules: BIGINT for
    /// SQLite's INTEGER, BYTEA for BLOB, DOUBLE PRECISION for REAL, identity columns for
    /// AUTOINCREMENT (a sequence never gives an id twice), `octet_length` for `length(CAST(… AS
    /// BLOB))`, `strpos` for `instr`. It comes first: the Swift step reads the accounts it creates
    /// (none).
    static let version2: [Step] = [
        .postgresql("""
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
        """),
        .sqlite("""
        CREATE TABLE accounts_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a deleted account's id names no one else
            email TEXT NOT NULL,
            email_key TEXT,
            display_name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            password_hash TEXT,  -- NULL: signs in only through a linked provider until a reset sets one
            created_at INTEGER NOT NULL,
            verified_at INTEGER,
            disabled_at INTEGER,
            valid_since INTEGER,
            photo_url TEXT CHECK (length(CAST(photo_url AS BLOB)) <= 2048),  -- the Firebase API's photoUrl
            last_login_at INTEGER,  -- the last sign-in with the password (the Firebase API's lastLoginAt)
            -- wrong passwords in a row since the last success or new password (SignInThrottle)
            failed_sign_ins INTEGER NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0)
        ) STRICT;
        INSERT INTO accounts_v2 (id, email, display_name, name_key, password_hash, created_at, verified_at, disabled_at)
            SELECT id, email, display_name, name_key, password_hash, created_at, verified_at, disabled_at FROM accounts;
        CREATE TABLE sessions_v2 (
            token_hash BLOB PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            authenticated_at INTEGER NOT NULL,
            last_seen_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            user_agent TEXT CHECK (length(CAST(user_agent AS BLOB)) <= 512)  -- shown in the list of devices
        ) STRICT, WITHOUT ROWID;
        INSERT INTO sessions_v2 (token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at)
            SELECT token_hash, account_id, created_at, created_at, last_seen_at, expires_at FROM sessions;
        DROP TABLE sessions;
        DROP TABLE accounts;
        ALTER TABLE accounts_v2 RENAME TO accounts;
        ALTER TABLE sessions_v2 RENAME TO sessions;
        CREATE INDEX sessions_by_account ON sessions(account_id);
        """),
        .swift(fillEmailKeys),
        .sqlite("""
        CREATE UNIQUE INDEX accounts_by_email_key ON accounts(email_key);
        CREATE TABLE action_codes (
            id INTEGER PRIMARY KEY,  -- the order codes were issued in (recoveries void later ones)
            code_hash BLOB NOT NULL UNIQUE,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            purpose TEXT NOT NULL
                CHECK (purpose IN ('verify-email', 'reset-password', 'change-email', 'recover-email')),
            email TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            consumed_at INTEGER
        ) STRICT;
        CREATE INDEX action_codes_by_account ON action_codes(account_id, purpose);
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: log lines name one message each
            sender TEXT NOT NULL CHECK (sender <> '' AND instr(sender, char(13)) = 0 AND instr(sender, char(10)) = 0),
            recipient TEXT NOT NULL
                CHECK (recipient <> '' AND instr(recipient, char(13)) = 0 AND instr(recipient, char(10)) = 0),
            message BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL,
            last_error TEXT,
            given_up_at INTEGER,
            -- the account the message is about (its codes, its notices), NULL for none
            account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE
        ) STRICT;
        CREATE INDEX outbox_due ON outbox(next_attempt_at, id) WHERE given_up_at IS NULL;
        CREATE INDEX outbox_by_account ON outbox(account_id) WHERE account_id IS NOT NULL;
        CREATE TABLE reset_requests (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            email TEXT NOT NULL,
            email_key TEXT NOT NULL,  -- AccountStore.emailKey(email): deleting an account deletes its requests
            locale TEXT NOT NULL,
            created_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX reset_requests_by_email_key ON reset_requests(email_key);
        CREATE TABLE provider_identities (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            provider TEXT NOT NULL,  -- the configured name (google, apple, …), for the settings page
            issuer TEXT NOT NULL,
            subject TEXT NOT NULL,
            email TEXT,  -- the address the provider gave when the identity was linked (shown, never looked up)
            created_at INTEGER NOT NULL,
            last_used_at INTEGER,
            UNIQUE (issuer, subject),  -- one account per identity
            UNIQUE (account_id, issuer)  -- one identity per provider and account, as Firebase links
        ) STRICT;
        CREATE TABLE provider_authorizations (
            state_hash BLOB PRIMARY KEY,  -- SHA-256 of the state: the callback finds its request by it
            provider TEXT NOT NULL,
            binding_hash BLOB NOT NULL,  -- SHA-256 of the pre-session cookie of the browser that started it
            account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,  -- linking: the signed-in account
            nonce TEXT NOT NULL,  -- the raw nonce; the provider saw its SHA-256
            code_verifier TEXT NOT NULL,  -- PKCE
            return_to TEXT,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            response_code TEXT,  -- form_post: the code the provider posted, waiting for the browser's GET
            response_user TEXT  -- Apple's `user` (the name, sent on the first sign-in only)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX provider_authorizations_by_expiry ON provider_authorizations(expires_at);
        CREATE TABLE refresh_tokens (
            token_hash BLOB PRIMARY KEY,  -- SHA-256 of the token, as for sessions
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,  -- void when older than the account's valid_since
            auth_time INTEGER NOT NULL,  -- when the password was proved: the ID tokens' auth_time
            sign_in_provider TEXT NOT NULL,
            last_used_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX refresh_tokens_by_account ON refresh_tokens(account_id);
        CREATE TABLE rate_limits (
            name TEXT NOT NULL,        -- which limit ('sign-in.address', 'sign-up.address', ...)
            key TEXT NOT NULL,         -- a client address, or a keyed hash: never an e-mail address
            level REAL NOT NULL CHECK (level >= 0),  -- attempts not yet forgiven, as of updated_at
            updated_at INTEGER NOT NULL,
            expires_at INTEGER,        -- when level has drained to 0 and the row says nothing
            PRIMARY KEY (name, key)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX rate_limits_expiry ON rate_limits(expires_at) WHERE expires_at IS NOT NULL;
        """),
    ]

    /// Gives every account its comparison key, oldest first; an account whose key an older one
    /// already holds keeps a NULL key and is reported.
    ///
    /// Such an account keeps its row, its sessions and everything else; without a key no look-up by
    /// address finds it, so it cannot sign in (with its own spelling or the older account's) nor
    /// receive a reset, and the address belongs to the older account. The operator decides what
    /// becomes of it; giving it a key later is one UPDATE.
    @Sendable
    static func fillEmailKeys(_ store: SQLStore, _ report: inout MigrationReport) throws(StoreError) {
        // Read everything first: updating a table while a statement walks it is undefined in SQLite.
        let rows = try store.allRows("SELECT id, email FROM accounts ORDER BY created_at, id") { (id: $0.integer(0), email: $0.text(1)) }
        var owners: [String: Int64] = [:]
        for row in rows {
            let key = AccountStore.emailKey(row.email)
            if let owner = owners[key] {
                report.emailCollisions.append(EmailKeyCollision(accountID: row.id, keptAccountID: owner))
                continue
            }
            owners[key] = row.id
            try store.changes("UPDATE accounts SET email_key = ? WHERE id = ?", .text(key), .integer(row.id))
        }
    }
}
