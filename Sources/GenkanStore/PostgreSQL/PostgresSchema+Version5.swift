extension PostgresSchema {
    /// Version 5, as SQLite's `Schema.version5`: string ids, accounts without an
    /// address, the anonymous flag, custom claims (on accounts and on the refresh tokens of a
    /// custom-token sign-in), the kind of a recorded mail request, sign-in codes, and sign-in links
    /// in the emulator's list of codes. PostgreSQL changes columns in place, so `accounts` is
    /// altered rather than rebuilt; an existing account's uid is its id in decimal, as in SQLite.
    static let version5 = """
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
        """
}
