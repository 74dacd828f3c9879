/// A failure of the account store that callers can act on, with a stable code.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable code.
    public enum Code: String, Sendable, Hashable {
        /// The database could not be opened, read or written.
        case database = "store.database"
        /// The database server could not be reached, dropped the connection or did not answer in
        /// time; the same request may succeed later (a server answers 503).
        case unavailable = "store.unavailable"
        /// The database was written by a newer Genkan (its schema version is unknown here).
        case schemaTooNew = "store.schema-too-new"
        /// A uniqueness rule refused the write (such as an e-mail address already in use).
        case constraint = "store.constraint"
        /// The operating system could not supply memory for password hashing.
        case hashing = "store.hashing"
    }

    public let code: Code
    /// Details for logs and the operator (never shown to a user; never contains a secret).
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code.rawValue): \(detail)" }
}
