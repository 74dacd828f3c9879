import Foundation
@testable import GenkanStore
import Testing

#if canImport(Glibc)
import Glibc
@testable import GenkanHTTP
import GenkanHTTPTesting
@testable import GenkanPostgreSQL
#endif

/// `genkan serve --db postgresql://…` as a user runs it: a start that cannot reach the server
/// stops in one line, and a served site keeps its rows in PostgreSQL; the password in the URL is
/// never printed.
@Suite struct ServePostgresTests {
    @Test func anUnreachableDatabaseStopsTheStartInOneLine() throws {
        let result = try ServeCommandTests.run(["serve", "--port", "0", "--db", "postgresql://taro:hunter2-secret@127.0.0.1:1/genkan"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("cannot connect to PostgreSQL at 127.0.0.1:1/genkan: Connection refused") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"].map { !$0.isEmpty } ?? false))
    func aSiteOnPostgreSQLServesAndPrintsNoPassword() async throws {
        let server = try #require(ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"].flatMap(PostgresURL.init))
        let name = "genkan_serve_" + UUID().uuidString.lowercased().replacing("-", with: "")
        try PostgresConnection(url: server.text).execute("CREATE DATABASE \(name)")
        defer { _ = try? PostgresConnection(url: server.text).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        // The test server trusts loopback, so the password is never checked; it must not be printed.
        let base = try #require(PostgresURL(server.replacingDatabase(with: name)))
        let url = base.scheme + (base.userInfo.map { "\($0):never-printed-7f3@" } ?? "postgres:never-printed-7f3@") + base.hosts + "/" + name

        let serve = try ServeProcess(database: url)
        let text = serve.banner
        #expect(text.contains("database postgresql://") && text.contains(":***@") && !text.contains("never-printed"), "\(text)")
        #expect(try await SiteClient(port: serve.port).submit("/signup", taro).status == 303)
        #expect(serve.stop() == 0)
        #expect(!serve.errorOutput.contains("never-printed"))
        let store = try StoreLocation.postgresql(url: base.text).open()
        #expect(try store.accounts(afterID: 0, limit: 10).map(\.account.email) == ["taro@example.com"])
    }
}
