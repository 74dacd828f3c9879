import GenkanSQL

extension Schema {
    /// Migration 8: the security event log (`events`), the webhook deliveries of its events
    /// (`webhook_deliveries`), and administrators (`accounts.admin_since`).
    ///
    /// An event names its account by uid, not by a reference: the deletion of an account is one of
    /// its events, and its events stay until the retention period deletes them. `events_uid`
    /// serves an account's events newest first (the activity page, the console's account page),
    /// `events_time` the sweep of expired events and `--since`.
    ///
    /// A delivery refers to its event (an expired event takes its delivery with it) and carries
    /// the uid and the receiver, so that a sender takes an account's deliveries to one receiver in
    /// order: only the oldest open one (`webhook_deliveries_open`) is ever claimable. A delivered
    /// one is deleted; one given up on stays, with its error, until its event expires.
    ///
    /// The administrator role is a column, not a table: it is one fact about an account, read
    /// with the account row that every signed-in request reads already (no second query to decide
    /// whether `/admin` exists for this visitor), gone with the account, and copied by `genkan db
    /// copy` with it. Who granted it and when it was revoked are events.
    static let version8: [Step] = [
        .ddl { dialect in
            """
            CREATE TABLE events (
                id \(dialect.neverReusedID),
                time \(dialect.integer) NOT NULL,
                type TEXT NOT NULL CHECK (length(type) BETWEEN 1 AND 64),
                uid TEXT NOT NULL CHECK (length(uid) BETWEEN 1 AND 128),
                actor TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 140),  -- user, system, admin:UID
                client TEXT CHECK (length(client) <= 64),  -- the address as the limits key it
                user_agent TEXT CHECK (\(dialect.byteLength("user_agent")) <= 512),
                details TEXT NOT NULL DEFAULT '{}' CHECK (length(details) <= 2000)  -- JSON, never a secret
            )\(dialect.tableOptions)
            """
        },
        .sql("CREATE INDEX events_uid ON events (uid, id)"),
        .sql("CREATE INDEX events_time ON events (time, id)"),
        .ddl { dialect in
            """
            CREATE TABLE webhook_deliveries (
                id \(dialect.neverReusedID),
                event_id \(dialect.integer) NOT NULL REFERENCES events (id) ON DELETE CASCADE,
                url TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
                uid TEXT NOT NULL,
                attempts \(dialect.integer) NOT NULL DEFAULT 0,
                next_attempt_at \(dialect.integer) NOT NULL,  -- a claim moves it to the end of its lease
                last_error TEXT,
                given_up_at \(dialect.integer)
            )\(dialect.tableOptions)
            """
        },
        .sql("CREATE INDEX webhook_deliveries_open ON webhook_deliveries (uid, url, id) WHERE given_up_at IS NULL"),
        .sql("CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE given_up_at IS NULL"),
        .sql("CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)"),
        .ddl { "ALTER TABLE accounts ADD COLUMN admin_since \($0.integer)" },
    ]
}
