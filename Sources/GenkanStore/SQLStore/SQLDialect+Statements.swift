import GenkanSQL

/// Every row statement that is not the same in every dialect, in one place: SQLite and
/// PostgreSQL read the rest of `SQLStore`'s statements alike (`?` parameters renumbered for
/// PostgreSQL, `INSERT … RETURNING`, `ON CONFLICT … DO UPDATE`, `DELETE … RETURNING`, `substr` and
/// `length` of blobs). What differs is where a database offers more (row locks that skip what
/// another sender holds) and the catalogs `genkan db copy` reads.
extension SQLDialect {
    // MARK: The outbox

    /// Takes the due messages in one statement (parameters: now, limit, lease end) and returns
    /// them with their due time as it was; nil where `SQLStore.claimDueMail` reads and moves them
    /// in one write transaction instead (SQLite, whose writers take turns).
    ///
    /// PostgreSQL: the due rows are locked with `FOR UPDATE SKIP LOCKED`, so a sender on another
    /// server passes over the rows this one is taking instead of waiting for them (or taking them
    /// too), and their next attempt moves to the lease in the same statement, so once it commits
    /// no sender sees them as due. `RETURNING` gives the new row; the old due time comes from the
    /// locked selection.
    var claimDueMail: String? {
        switch self {
        case .sqlite: nil
        case .postgresql:
            """
            WITH due AS (
                SELECT id, next_attempt_at FROM outbox
                WHERE given_up_at IS NULL AND next_attempt_at <= ?1 ORDER BY next_attempt_at, id LIMIT ?2
                FOR UPDATE SKIP LOCKED)
            UPDATE outbox SET next_attempt_at = ?3 FROM due WHERE outbox.id = due.id
            RETURNING outbox.id, outbox.sender, outbox.recipient, outbox.message, outbox.created_at, outbox.attempts,
                due.next_attempt_at, outbox.last_error
            """
        }
    }

    // MARK: The webhook queue

    /// What ends a SELECT that claims rows of the table aliased `alias` inside a transaction:
    /// PostgreSQL locks them and passes over the rows another connection holds
    /// (`FOR UPDATE OF alias SKIP LOCKED`), so two servers claiming at once take different
    /// deliveries instead of one waiting for (or failing on) the other's; SQLite needs nothing,
    /// since its writers take turns.
    func skippingLockedRows(of alias: String) -> String {
        switch self {
        case .sqlite: ""
        case .postgresql: " FOR UPDATE OF \(alias) SKIP LOCKED"
        }
    }

    // MARK: Imports

    /// What an import's transaction runs first, if anything.
    ///
    /// PostgreSQL: every statement planned for the tables as they are at that moment
    /// (`plan_cache_mode = force_custom_plan`, this transaction only). A prepared statement
    /// otherwise keeps a generic plan made after a few runs, which for a new database's empty
    /// `accounts` is a sequential scan: an import that fills the table then scans it whole for every
    /// look-up of a hundred uids (100,000 users into a new database took minutes, each look-up
    /// longer than the last). SQLite plans by its indexes alone.
    ///
    /// SQLite: a page cache of 64 MiB for the import (`importTeardown` gives the default 2 MiB
    /// back). An import's random uids and addresses change pages all over its indexes; with 2 MiB,
    /// changed pages were written to the WAL and read back again and again before the commit
    /// (100,000 users: 0.3 s of the import's 4.5 s, half its system time).
    var importSetup: String? {
        switch self {
        case .sqlite: "PRAGMA cache_size = -65536"
        case .postgresql: "SET LOCAL plan_cache_mode = force_custom_plan"
        }
    }

    /// What the connection runs after an import's transaction, if anything: SQLite's default page
    /// cache (2 MiB, what every connection opens with) again, so a server's connection that ran
    /// an `accounts:batchCreate` does not keep 64 MiB.
    var importTeardown: String? {
        switch self {
        case .sqlite: "PRAGMA cache_size = -2000"
        case .postgresql: nil
        }
    }

    // MARK: Copying tables (`genkan db copy`)

    /// The tables the database holds, the schema's bookkeeping left out (`sqlite_sequence`,
    /// `genkan_schema`).
    var tableNames: String {
        switch self {
        case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        case .postgresql:
            "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename <> 'genkan_schema' ORDER BY tablename"
        }
    }

    /// The columns of the table named by the parameter, in their order.
    var columnNames: String {
        switch self {
        case .sqlite: "SELECT name FROM pragma_table_info(?) ORDER BY cid"
        case .postgresql:
            """
            SELECT column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
            """
        }
    }

    /// What an INSERT of a copied row says before VALUES so that its id is taken as given:
    /// PostgreSQL's identity columns refuse one otherwise (the sequence is moved past the copied
    /// ids afterwards).
    var keepingGivenIDs: String {
        switch self {
        case .sqlite: ""
        case .postgresql: "OVERRIDING SYSTEM VALUE "
        }
    }

    /// The highest id the id sequence of the table named by the parameter has given (deleted rows
    /// included), 0 or no row when none: SQLite's AUTOINCREMENT keeps it in `sqlite_sequence`,
    /// PostgreSQL's identity column in its sequence.
    var idSequenceValue: String {
        switch self {
        case .sqlite: "SELECT seq FROM sqlite_sequence WHERE name = ?"
        case .postgresql: "SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence(?, 'id')::regclass), 0)"
        }
    }

    /// Moves the id sequence of table `?1` past `?2`, unless it is past it already. SQLite's
    /// changes nothing for a table without a row in `sqlite_sequence` yet (`insertIDSequence`
    /// then adds one).
    var raiseIDSequence: String {
        switch self {
        case .sqlite: "UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1"
        case .postgresql:
            """
            SELECT setval(pg_get_serial_sequence(?1, 'id'),
                greatest(?2, coalesce(pg_sequence_last_value(pg_get_serial_sequence(?1, 'id')::regclass), 0)), true)
            """
        }
    }

    /// Starts the id sequence of table `?1` at `?2` where `raiseIDSequence` found none to move;
    /// nil where every id column has its sequence from the start (PostgreSQL).
    var insertIDSequence: String? {
        switch self {
        case .sqlite: "INSERT INTO sqlite_sequence (name, seq) VALUES (?1, ?2)"
        case .postgresql: nil
        }
    }
}
