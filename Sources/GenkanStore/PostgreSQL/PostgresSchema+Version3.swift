extension PostgresSchema {
    /// Version 3, as SQLite's `Schema.version3` (one identity per Google user, whichever spelling
    /// of its issuer the token had; the older link stays): the same statements, which PostgreSQL
    /// reads as SQLite does.
    static let version3 = """
        DELETE FROM provider_identities
        WHERE issuer IN ('accounts.google.com', 'https://accounts.google.com') AND EXISTS (
            SELECT 1 FROM provider_identities AS older
            WHERE older.issuer IN ('accounts.google.com', 'https://accounts.google.com') AND older.issuer <> provider_identities.issuer
                AND (older.subject = provider_identities.subject OR older.account_id = provider_identities.account_id)
                AND (older.created_at < provider_identities.created_at
                     OR (older.created_at = provider_identities.created_at AND older.id < provider_identities.id)));
        UPDATE provider_identities SET issuer = 'https://accounts.google.com' WHERE issuer = 'accounts.google.com';
        """
}
