/// How a connection to PostgreSQL behaves, beyond what its URL says.
public struct PostgresOptions: Sendable, Hashable {
    /// The longest a statement may run before the server cancels it (`statement_timeout`): a
    /// request that needs the database gets an answer (`StoreError.Code.unavailable`) instead of
    /// hanging on a lock or an overloaded server.
    public var statementTimeoutMilliseconds: Int

    /// How long opening (or re-opening) a connection may take, unless the URL sets
    /// `connect_timeout` itself.
    public var connectTimeoutSeconds: Int

    /// How many times a transaction that lost a serialization conflict is run again before the
    /// caller gets the failure.
    public var serializationAttempts: Int

    public init(statementTimeoutMilliseconds: Int = 5000, connectTimeoutSeconds: Int = 5, serializationAttempts: Int = 30) {
        self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.serializationAttempts = serializationAttempts
    }

    public static let standard = PostgresOptions()
}
