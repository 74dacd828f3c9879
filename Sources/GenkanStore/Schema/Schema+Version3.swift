import GenkanSQL

extension Schema {
    /// Migration 3: one identity per Google user. Google signs ID tokens with two spellings of its
    /// issuer (`https://accounts.google.com` and `accounts.google.com`), and identities used to be
    /// stored under the token's spelling, so one person could be two identities (and two accounts'
    /// ways in). Sign-in now stores the configured issuer; this merges what was stored before under
    /// `https://accounts.google.com`. Where both spellings name the same person, or one account has
    /// an identity under each, the older link stays and the newer row goes (the account keeps its
    /// other ways in; nothing else is touched). The same statements on every engine.
    static let version3: [Step] = [
        .sql("""
        DELETE FROM provider_identities
        WHERE issuer IN ('accounts.google.com', 'https://accounts.google.com') AND EXISTS (
            SELECT 1 FROM provider_identities AS older
            WHERE older.issuer IN ('accounts.google.com', 'https://accounts.google.com') AND older.issuer <> provider_identities.issuer
                AND (older.subject = provider_identities.subject OR older.account_id = provider_identities.account_id)
                AND (older.created_at < provider_identities.created_at
                     OR (older.created_at = provider_identities.created_at AND older.id < provider_identities.id)));
        UPDATE provider_identities SET issuer = 'https://accounts.google.com' WHERE issuer = 'accounts.google.com';
        """),
    ]
}
