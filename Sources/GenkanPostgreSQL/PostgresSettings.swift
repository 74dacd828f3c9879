/// How a connection behaves beyond what its URL says, as `PostgreSQLDriver.connect` is told
/// (GenkanStore's `PostgresOptions`, which documents each limit).
struct PostgresSettings: Sendable, Hashable {
    /// `statement_timeout`; the client gives up on an answer a second after it.
    var statementTimeoutMilliseconds = 5000
    /// How long (re)opening the connection may take, unless the URL sets `connect_timeout`.
    var connectTimeoutSeconds = 5
    /// How many times a transaction that lost a serialization conflict runs.
    var serializationAttempts = 30

    static let standard = PostgresSettings()
}
