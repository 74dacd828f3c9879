/// Where a store lives, as `genkan serve --db` names it.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file (created on first use).
    case sqlite(path: String)

    /// Reads a `--db` value: a file path.
    public init(parsing value: String) throws(StoreError) {
        guard !value.isEmpty else { throw StoreError(.database, "the database location is empty") }
        self = .sqlite(path: value)
    }

    /// Opens a connection, creating and migrating the schema if needed.
    public func open(migrationLog: ((String) -> Void)? = nil) throws(StoreError) -> any Storage {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path, migrationLog: migrationLog)
        }
    }

    /// For messages: the file path.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        }
    }
}
