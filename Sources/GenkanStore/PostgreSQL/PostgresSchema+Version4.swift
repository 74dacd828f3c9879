extension PostgresSchema {
    /// Version 4, as SQLite's `Schema.version4`: the codes the Firebase Auth emulator lists, in
    /// the database so that every server lists the same ones.
    static let version4 = """
        CREATE TABLE emulator_codes (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order codes were issued in
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            email TEXT NOT NULL,  -- the address the code was mailed to
            code TEXT NOT NULL,
            purpose TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX emulator_codes_by_account ON emulator_codes(account_id);
        """
}
