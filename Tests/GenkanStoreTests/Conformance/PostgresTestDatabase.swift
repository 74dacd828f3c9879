import Foundation
@testable import GenkanStore
@testable import GenkanPostgreSQL

/// An empty PostgreSQL database of its own for one test, on the server `GENKAN_TEST_POSTGRES`
/// names (`scripts/postgres-cluster.sh run` starts one and sets it); dropped when the value is
/// released, with whatever connections the test left open.
final class PostgresTestDatabase: Sendable {
    /// The URL of a database on the test server that may create others (`postgres`), if any.
    static var serverURL: String? {
        guard let value = ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"], !value.isEmpty else { return nil }
        return value
    }

    let name: String
    /// The new database's URL.
    let url: String
    private let serverURL: String

    init() throws {
        guard let serverURL = Self.serverURL, let server = PostgresURL(serverURL) else {
            throw StoreError(.database, "GENKAN_TEST_POSTGRES holds no postgresql:// URL")
        }
        self.serverURL = serverURL
        name = "genkan_test_" + UUID().uuidString.lowercased().replacing("-", with: "")
        url = server.replacingDatabase(with: name)
        try PostgresConnection(url: serverURL).execute("CREATE DATABASE \(name)")
    }

    deinit {
        // FORCE ends the connections the test still holds (PostgreSQL 13 and later).
        _ = try? PostgresConnection(url: serverURL).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// A connection to the test's database for looking at it as an operator would.
    func connection() throws -> PostgresConnection {
        try PostgresConnection(url: url)
    }
}
