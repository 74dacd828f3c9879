import GenkanErrorCodes
import GenkanSQL

/// The SQLite driver's one way in: a connection to a database file, behind `SQLConnection`. Its
/// types (`SQLiteDatabase`, `SQLiteStatement`) stay inside this module; `StoreLocation.open`
/// is the one caller.
package enum SQLiteDriver {
    /// Opens (creating it, mode 0600, unless `creating` is false) the database file at `path` in
    /// WAL mode with `synchronous=FULL` and foreign keys on.
    ///
    /// - Throws: `StoreError.Code.database` when the file cannot be opened (or, with `creating`
    ///   false, does not exist).
    package static func connect(path: String, creating: Bool = true) throws(StoreError) -> any SQLConnection {
        try SQLiteDatabase(path: path, creating: creating)
    }
}
