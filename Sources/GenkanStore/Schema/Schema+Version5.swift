import GenkanSQL

extension Schema {
    /// Migration 5 (the Firebase-compatible API's anonymous accounts, custom tokens and links): string ids, accounts without
    /// an address, custom claims, custom-token claims on refresh tokens, sign-in links.
    ///
    /// - `accounts.uid`: the API's `localId` and the ID tokens' `sub`, a string an app may choose
    ///   through a custom token (1 to 128 characters, unique). The integer `id` stays the key every
    ///   other table refers to; an existing account's uid is its id in decimal, which is what its
    ///   tokens already say.
    /// - `accounts.email` may be NULL (with `email_key`): an anonymous account, or one a custom
    ///   token made, has no address.
    /// - `accounts.is_anonymous`: made by an anonymous sign-up and given nothing since; such
    ///   accounts are deleted once unused for `--anonymous-lifetime` days.
    /// - `accounts.custom_claims`: the developer claims of every ID token (the admin
    ///   `customAttributes`), a JSON object of at most 1,000 bytes.
    /// - `refresh_tokens.claims`: the claims of the custom token a sign-in used, which its refreshed
    ///   ID tokens carry too.
    /// - `reset_requests.kind`: a recorded request may ask for a sign-in link instead of a reset
    ///   link (the sign-in page's "send me a link", answered alike for every address).
    /// - `sign_in_codes`: one-time codes that sign in to the account of an address, or make it;
    ///   bound to the address, not to an account, since a new address has none yet.
    /// - `emulator_codes` (migration 4) lists sign-in links too: `account_id` may be NULL (an
    ///   address without an account), `purpose` is `sign-in`, and `link` keeps a link that leads to
    ///   an app's `continueUrl` as it was mailed. Rebuilt, as SQLite cannot drop NOT NULL in place.
    ///
    /// `accounts` is rebuilt (SQLite cannot make a column nullable in place), as migration 2 did:
    /// ids copied, foreign keys off around the migration's transaction, and the AUTOINCREMENT
    /// counter carried over, so an id given before (to an account deleted since) is never given
    /// again.
    ///
    /// PostgreSQL changes columns in place, so its step alters `accounts` rather than rebuilding
    /// it; an existing account's uid is its id in decimal there too.
    static let version5: [Step] = [
        .sqlite("""
        CREATE TABLE accounts_v5 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a deleted account's id names no one else
            uid TEXT NOT NULL UNIQUE CHECK (length(uid) BETWEEN 1 AND 128),  -- the API's localId and sub
            email TEXT,  -- NULL: no address (an anonymous account, or one a custom token made)
            email_key TEXT CHECK (email_key IS NULL OR email IS NOT NULL),
            display_name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            password_hash TEXT,  -- NULL: signs in only through a linked provider, a link or a token
            created_at INTEGER NOT NULL,
            verified_at INTEGER,
            disabled_at INTEGER,
            valid_since INTEGER,
            photo_url TEXT CHECK (length(CAST(photo_url AS BLOB)) <= 2048),
            last_login_at INTEGER,
            failed_sign_ins INTEGER NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
            -- made by an anonymous sign-up and given nothing since (deleted once unused long enough)
            is_anonymous INTEGER NOT NULL DEFAULT 0 CHECK (is_anonymous IN (0, 1)),
            -- the developer claims of every ID token, a JSON object (the admin customAttributes)
            custom_claims TEXT CHECK (length(CAST(custom_claims AS BLOB)) <= 1000)
        ) STRICT;
        INSERT INTO accounts_v5 (
            id, uid, email, email_key, display_name, name_key, password_hash, created_at, verified_at, disabled_at,
            valid_since, photo_url, last_login_at, failed_sign_ins)
        SELECT id, CAST(id AS TEXT), email, email_key, display_name, name_key, password_hash, created_at, verified_at,
            disabled_at, valid_since, photo_url, last_login_at, failed_sign_ins
        FROM accounts;
        INSERT INTO sqlite_sequence (name, seq)
            SELECT 'accounts_v5', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'accounts_v5');
        UPDATE sqlite_sequence
            SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'accounts'), 0))
            WHERE name = 'accounts_v5';
        DROP TABLE accounts;
        ALTER TABLE accounts_v5 RENAME TO accounts;
        CREATE UNIQUE INDEX accounts_by_email_key ON accounts(email_key);
        CREATE INDEX accounts_anonymous ON accounts(id) WHERE is_anonymous = 1;
        ALTER TABLE refresh_tokens ADD COLUMN claims TEXT CHECK (length(CAST(claims AS BLOB)) <= 1000);
        ALTER TABLE reset_requests ADD COLUMN kind TEXT NOT NULL DEFAULT 'reset-password'
            CHECK (kind IN ('reset-password', 'sign-in'));
        CREATE TABLE sign_in_codes (
            id INTEGER PRIMARY KEY,  -- the order of issue
            code_hash BLOB NOT NULL UNIQUE,  -- SHA-256 of the code, as for action_codes
            email TEXT NOT NULL,  -- the address it was sent to: its account, or the one it makes
            email_key TEXT NOT NULL,  -- AccountStore.emailKey(email): deleting the account deletes its codes
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            consumed_at INTEGER
        ) STRICT;
        CREATE INDEX sign_in_codes_by_email_key ON sign_in_codes(email_key);
        CREATE TABLE emulator_codes_v5 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order codes were issued in
            -- NULL: a sign-in link to an address without an account (using it makes one)
            account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
            email TEXT NOT NULL,  -- the address the code was mailed to
            code TEXT NOT NULL,
            purpose TEXT NOT NULL,  -- an ActionCodePurpose, or 'sign-in'
            created_at INTEGER NOT NULL,
            link TEXT  -- a sign-in link to an app as mailed; NULL: the site's page for the code
        ) STRICT;
        INSERT INTO emulator_codes_v5 (id, account_id, email, code, purpose, created_at)
            SELECT id, account_id, email, code, purpose, created_at FROM emulator_codes;
        INSERT INTO sqlite_sequence (name, seq)
            SELECT 'emulator_codes_v5', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'emulator_codes_v5');
        UPDATE sqlite_sequence
            SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'emulator_codes'), 0))
            WHERE name = 'emulator_codes_v5';
        DROP TABLE emulator_codes;
        ALTER TABLE emulator_codes_v5 RENAME TO emulator_codes;
        CREATE INDEX emulator_codes_by_account ON emulator_codes(account_id);
        """),
        .postgresql("""
        ALTER TABLE accounts ADD COLUMN uid TEXT;
        UPDATE accounts SET uid = id::text;
        ALTER TABLE accounts ALTER COLUMN uid SET NOT NULL;
        ALTER TABLE accounts ADD CONSTRAINT accounts_uid_unique UNIQUE (uid);
        ALTER TABLE accounts ADD CONSTRAINT accounts_uid_length CHECK (char_length(uid) BETWEEN 1 AND 128);
        ALTER TABLE accounts ALTER COLUMN email DROP NOT NULL;
        ALTER TABLE accounts ADD CONSTRAINT accounts_key_needs_email CHECK (email_key IS NULL OR email IS NOT NULL);
        -- 0 or 1 as in SQLite (not BOOLEAN), so that copying a database between them is a copy
        ALTER TABLE accounts ADD COLUMN is_anonymous BIGINT NOT NULL DEFAULT 0 CHECK (is_anonymous IN (0, 1));
        ALTER TABLE accounts ADD COLUMN custom_claims TEXT CHECK (octet_length(custom_claims) <= 1000);
        CREATE INDEX accounts_anonymous ON accounts(id) WHERE is_anonymous = 1;
        ALTER TABLE refresh_tokens ADD COLUMN claims TEXT CHECK (octet_length(claims) <= 1000);
        ALTER TABLE reset_requests ADD COLUMN kind TEXT NOT NULL DEFAULT 'reset-password'
            CHECK (kind IN ('reset-password', 'sign-in'));
        CREATE TABLE sign_in_codes (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order of issue
            code_hash BYTEA NOT NULL UNIQUE,  -- SHA-256 of the code, as for action_codes
            email TEXT NOT NULL,  -- the address it was sent to: its account, or the one it makes
            email_key TEXT NOT NULL,  -- AccountStore.emailKey(email): deleting the account deletes its codes
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            consumed_at BIGINT
        );
        CREATE INDEX sign_in_codes_by_email_key ON sign_in_codes(email_key);
        ALTER TABLE emulator_codes ALTER COLUMN account_id DROP NOT NULL;  -- NULL: a sign-in link to a new address
        ALTER TABLE emulator_codes ADD COLUMN link TEXT;  -- a sign-in link to an app as mailed
        """),
    ]
}
