import GenkanErrorCodes
import GenkanSQL

/// The PostgreSQL driver's one way in: a connection to the database a libpq URL names, behind
/// `SQLConnection`, and what `StoreLocation` needs to know of such a URL. Its types
/// (`PostgresConnection`, `PostgresResult`, `PostgresURL`…) stay inside this module.
package enum PostgreSQLDriver {
    /// Connects to the database `url` names and sets the session up (statement timeout,
    /// serializable transactions).
    ///
    /// - Parameters:
    ///   - statementTimeoutMilliseconds: the longest a statement may run (`statement_timeout`).
    ///   - connectTimeoutSeconds: how long (re)opening the connection may take, unless the URL
    ///     sets `connect_timeout`.
    ///   - serializationAttempts: how many times a transaction that lost a serialization conflict
    ///     is run.
    /// - Throws: `StoreError.Code.database` with one line, "cannot connect to PostgreSQL at
    ///   host:port/db: why", when the server cannot be reached or refuses the credentials.
    package static func connect(
        url: String, statementTimeoutMilliseconds: Int, connectTimeoutSeconds: Int, serializationAttempts: Int
    ) throws(StoreError) -> any SQLConnection {
        try PostgresConnection(
            url: url,
            options: PostgresSettings(
                statementTimeoutMilliseconds: statementTimeoutMilliseconds, connectTimeoutSeconds: connectTimeoutSeconds,
                serializationAttempts: serializationAttempts))
    }

    /// Whether `value` is meant as a PostgreSQL URL rather than a file path (libpq's own test: the
    /// scheme, in lower case).
    package static func isURL(_ value: String) -> Bool {
        PostgresURL.isURL(value)
    }

    /// Checks the syntax of a connection URL without connecting (`PQconninfoParse`).
    ///
    /// - Throws: `StoreError.Code.database` saying what is wrong (the password never shown).
    package static func validate(url: String) throws(StoreError) {
        try PostgresConnection.validate(url: url)
    }

    /// Why a connection to `url` would not know it reaches the real server (a host on another
    /// machine, with an `sslmode`, from the URL or else `PGSSLMODE` as libpq reads it, that checks
    /// no certificate), or nil when it would or `url` is not one.
    package static func unverifiedTLS(url: String) -> String? {
        PostgresURL(url)?.unverifiedTLS(environmentMode: ProcessInfoEnvironment.value("PGSSLMODE"))
    }

    /// The URL with its password, wherever it is, replaced by `***`: for messages and logs.
    package static func redacted(_ url: String) -> String {
        PostgresURL(url)?.redacted ?? "postgresql://…"
    }
}
