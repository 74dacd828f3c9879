import GenkanSQL

extension Schema {
    /// Migration 4: the codes the Firebase Auth emulator lists (`GET /emulator/v1/projects/{id}/
    /// oobCodes`), which lived in one server's memory and so differed from server to server. Only
    /// a server in emulator mode (development) writes here, since the codes are kept in clear; the
    /// most recent 1000 are kept, and an account's go with it.
    static let version4: [Step] = [
        .sqlite("""
        CREATE TABLE emulator_codes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order codes were issued in
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            email TEXT NOT NULL,  -- the address the code was mailed to
            code TEXT NOT NULL,
            purpose TEXT NOT NULL,
            created_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX emulator_codes_by_account ON emulator_codes(account_id);
        """),
        .postgresql("""
        CREATE TABLE emulator_codes (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order codes were issued in
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            email TEXT NOT NULL,  -- the address the code was mailed to
            code TEXT NOT NULL,
            purpose TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX emulator_codes_by_account ON emulator_codes(account_id);
        """),
    ]
}
