import Testing
@testable import GenkanStore
@testable import GenkanPostgreSQL

/// Reading `postgresql://` URLs as libpq does (libpq-connect.html §34.1.1.2), without a server.
@Suite struct PostgresURLTests {
    @Test(arguments: [
        ("postgresql://taro:secret@db.example:5433/genkan?sslmode=require", "postgresql://taro:***@db.example:5433/genkan?sslmode=require"),
        ("postgres://taro@db.example/genkan", "postgres://taro@db.example/genkan"),
        ("postgresql://db.example/genkan?password=secret&application_name=x", "postgresql://db.example/genkan?password=***&application_name=x"),
        // libpq ends the user part at an `@` before any `/`, whatever `?` it holds.
        ("postgresql://taro:se?cret@db.example/genkan", "postgresql://taro:***@db.example/genkan"),
        ("postgresql://taro:p%40ss@[::1]:5432,db2.example:5433/genkan", "postgresql://taro:***@[::1]:5432,db2.example:5433/genkan"),
        ("postgresql:///genkan?host=/var/run/postgresql", "postgresql:///genkan?host=/var/run/postgresql"),
        ("postgresql://", "postgresql://"),
    ])
    func aPasswordIsRedactedWhereverItIs(url: String, shown: String) throws {
        let parsed = try #require(PostgresURL(url))
        #expect(parsed.redacted == shown)
        #expect(!parsed.redacted.contains("secret") && !parsed.redacted.contains("p%40ss") && !parsed.redacted.contains("se?cret"))
        #expect(parsed.secrets.isEmpty == (url == shown))
    }

    @Test func anotherDatabaseOnTheSameServer() throws {
        let url = try #require(PostgresURL("postgresql://taro:secret@127.0.0.1:5432/postgres?sslmode=disable"))
        #expect(url.replacingDatabase(with: "genkan_test") == "postgresql://taro:secret@127.0.0.1:5432/genkan_test?sslmode=disable")
        #expect(try #require(PostgresURL("postgres://h")).replacingDatabase(with: "d") == "postgres://h/d")
    }

    @Test func onlyThePostgreSQLSchemesAreURLs() throws {
        #expect(PostgresURL.isURL("postgresql://h/d") && PostgresURL.isURL("postgres://h/d"))
        #expect(!PostgresURL.isURL("genkan.sqlite") && !PostgresURL.isURL("POSTGRES://h/d") && !PostgresURL.isURL("./postgres://x"))
        #expect(try StoreLocation(parsing: "data/postgres.sqlite") == .sqlite(path: "data/postgres.sqlite"))
        #expect(try StoreLocation(parsing: "postgres://taro:pw@h/d") == .postgresql(url: "postgres://taro:pw@h/d"))
        #expect(throws: StoreError.self) { try StoreLocation(parsing: "postgresql://[::1/d") }
        #expect(throws: StoreError.self) { try StoreLocation(parsing: "postgresql://h/d?no_such_option=1") }
    }
}
