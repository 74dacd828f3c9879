import GenkanSQL

extension Schema {
    /// Migration 9: second factors. One TOTP authenticator per account (its secret sealed under a
    /// key the database does not hold, the last used step so a code works once on every server),
    /// its recovery codes as SHA-256 digests, the second steps of sign-ins under way and the
    /// enrolments under way, each under the SHA-256 of its token and deleted with its account.
    static let version9: [Step] = [
        .ddl { d in
            """
            CREATE TABLE second_factors (
                account_id \(d.integer) PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                enrollment_id TEXT NOT NULL UNIQUE CHECK (\(d.byteLength("enrollment_id")) BETWEEN 1 AND 64),
                sealed_secret \(d.blob) NOT NULL,
                display_name TEXT CHECK (display_name IS NULL OR \(d.byteLength("display_name")) <= 256),
                enrolled_at \(d.integer) NOT NULL,
                last_used_step \(d.integer)  -- the TOTP step of the last accepted code
            )\(d.tableOptions);
            CREATE TABLE recovery_codes (
                account_id \(d.integer) NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                code_hash \(d.blob) NOT NULL,  -- RecoveryCode.digest of the normalized code
                used_at \(d.integer),
                PRIMARY KEY (account_id, code_hash)
            )\(d.tableOptions);
            CREATE TABLE pending_second_steps (
                key_hash \(d.blob) PRIMARY KEY,  -- SHA-256 of the cookie's or the mfaPendingCredential's token
                account_id \(d.integer) NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                binding_hash \(d.blob) NOT NULL,  -- SHA-256 of the browser's pre-session; empty for the API
                first_factor TEXT NOT NULL,
                return_to TEXT CHECK (return_to IS NULL OR \(d.byteLength("return_to")) <= 2048),
                created_at \(d.integer) NOT NULL,
                expires_at \(d.integer) NOT NULL,
                wrong_codes \(d.integer) NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0)
            )\(d.tableOptions);
            CREATE INDEX pending_second_steps_by_account ON pending_second_steps(account_id);
            CREATE INDEX pending_second_steps_by_expiry ON pending_second_steps(expires_at);
            CREATE TABLE totp_enrollments (
                key_hash \(d.blob) PRIMARY KEY,  -- SHA-256 of the page's or the API's sessionInfo token
                account_id \(d.integer) NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
                sealed_secret \(d.blob) NOT NULL,
                created_at \(d.integer) NOT NULL,
                expires_at \(d.integer) NOT NULL
            )\(d.tableOptions);
            CREATE INDEX totp_enrollments_by_expiry ON totp_enrollments(expires_at);
            """
        }
    ]
}
