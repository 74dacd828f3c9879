/// Where a store lives, as `genkan serve --db` names it.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file (created on first use).
    case sqlite(path: String)
    /// A PostgreSQL database, by libpq's URL (`postgresql://user[:password]@host[:port]/dbname[?…]`).
    case postgresql(url: String)

    /// Reads a `--db` value: a `postgresql://` or `postgres://` URL, else an SQLite file path.
    ///
    /// - Throws: `StoreError.Code.database` for an empty value or a URL libpq cannot read.
    public init(parsing value: String) throws(StoreError) {
        guard !value.isEmpty else { throw StoreError(.database, "the database location is empty") }
        if PostgresURL.isURL(value) {
            try PostgresConnection.validate(url: value)
            self = .postgresql(url: value)
        } else {
            self = .sqlite(path: value)
        }
    }

    /// Opens a connection, creating and migrating the schema if needed.
    public func open(migrationLog: ((String) -> Void)? = nil) throws(StoreError) -> any Storage {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path, migrationLog: migrationLog)
        case .postgresql(let url): try PostgresStore(url: url, migrationLog: migrationLog)
        }
    }

    /// For messages: the file path, or the URL with its password hidden.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgresql(let url): PostgresURL(url)?.redacted ?? "postgresql://…"
        }
    }
}
