import Foundation
import GenkanTestSupport
import Testing

#if canImport(Glibc)
import Glibc
@testable import GenkanStore
@testable import GenkanHTTP
import GenkanHTTPTesting
#endif

/// Runs the built `genkan serve` as a user would: options, start, database creation, SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    static func run(_ arguments: [String]) throws -> ToolRun { try ToolRun.genkan(arguments) }

    @Test(arguments: [
        (["serve", "--port", "http"], "--port must be a number from 0 to 65535, not 'http'"),
        (["serve", "--loops", "0"], "--loops must be a number from 1 to 256, not '0'"),
        (["serve", "--log", "xml"], "--log must be one of text, json, not 'xml'"),
        (["serve", "--verbose"], "unknown option '--verbose'"),
        (["serve", "--oidc", "corp", "--oidc-client-id", "corp=x"], "oidc provider 'corp' needs an issuer: --oidc corp=https://issuer.example"),
        (["serve", "--oidc-client-id", "google=x"], "--oidc-client-id takes NAME=VALUE for a provider given with --oidc NAME, not 'google'"),
        (["serve", "--oidc", "google", "--oidc-client-id", "google=x"], "oidc provider 'google' needs a client secret"),
        (["serve", "--oidc", "apple", "--oidc-client-id", "apple=x"], "oidc provider 'apple' needs --oidc-apple-team-id"),
        (["serve", "--oidc", "corp=http://idp.example", "--oidc-client-id", "corp=x"], "must be an https:// URL"),
        (["serve", "--oidc", "Corp=https://idp.example"], "oidc provider name 'Corp'"),
        (["serve", "--firebase-emulator"], "--firebase-emulator goes with --firebase-project ID"),
        (["serve", "--firebase-project", "My Project"], "--firebase-project must be a project id such as demo-genkan"),
        (["serve", "--firebase-project", "demo-x", "--firebase-emulator", "--host", "0.0.0.0"], "listens on loopback only"),
        (["serve", "--firebase-project", "demo-x", "--firebase-emulator", "--host", "192.0.2.1"], "not '192.0.2.1'"),
        (["serve", "--anonymous-lifetime", "7"], "go with --firebase-project ID"),
        (["serve", "--firebase-project", "demo-x", "--anonymous-lifetime", "-1"], "--anonymous-lifetime must be a number of days"),
        (["serve", "--firebase-project", "demo-x", "--anonymous-lifetime", "month"], "not 'month'"),
        (["serve", "--firebase-project", "demo-x", "--firebase-service-account", "/nonexistent/key.json"], "cannot read '/nonexistent/key.json'"),
        (["serve", "--trust-proxy", "10.1.0.0/8"], "--trust-proxy: '10.1.0.0/8' has bits set after its first 8; did you mean 10.0.0.0/8?"),
        (["serve", "--trust-proxy=10.0.0.0/8,proxy.local"], "--trust-proxy: 'proxy.local' is not an IPv4 or IPv6 address"),
        (["serve", "--max-connections-per-client", "-1"], "--max-connections-per-client must be a number from 0 to 1000000, not '-1'"),
        (["serve", "--db-pool-size", "0"], "--db-pool-size must be a number of connections from 1 to 256, not '0'"),
        (["serve", "--db-timeout", "soon"], "--db-timeout must be a number of seconds from 1 to 600, not 'soon'"),
        (["serve", "--db-timeout", "5"], "--db-timeout is for a PostgreSQL --db"),
    ])
    func usageErrorsExitTwoAndSayWhatToType(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("genkan serve --help"))
    }

    @Test func helpListsEveryOption() throws {
        let result = try Self.run(["serve", "--help"])
        #expect(result.status == 0)
        for option in [
            "--host", "--port", "--db", "--public", "--loops", "--log", "--trust-proxy [CIDR,…]", "--max-connections-per-client",
            "--oidc", "--oidc-client-id", "--oidc-client-secret", "--oidc-config", "--oidc-apple-team-id", "--oidc-apple-key-id",
            "--oidc-apple-key", "--oidc-ca", "--firebase-project", "--firebase-emulator", "--firebase-service-account", "--authorized-domain", "--anonymous-lifetime", "/securetoken.googleapis.com/v1/jwks",
            "--db-pool-size N", "--db-timeout SECONDS", "postgresql://",
        ] {
            #expect(result.stdout.contains(option))
        }
        #expect(result.stdout.contains("without a list, the loopback networks 127.0.0.0/8 and ::1"))
        #expect(try Self.run(["--help"]).stdout.contains("serve"))
    }

    @Test func aMissingPublicDirectoryOrABadDatabaseStopsTheStart() throws {
        let directory = NSTemporaryDirectory() + "genkan-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let noPublic = try Self.run(["serve", "--port", "0", "--db", directory + "/a.sqlite", "--public", directory + "/none"])
        #expect(noPublic.status == 1 && noPublic.stderr.contains("does not exist"))
        let badDatabase = try Self.run(["serve", "--port", "0", "--db", directory + "/missing/dir/a.sqlite"])
        #expect(badDatabase.status == 1 && badDatabase.stderr.contains("cannot open"))
    }

    /// A signing key of the wrong size in the database stops the start: a server that could not
    /// sign would otherwise issue, and accept, unsigned tokens.
    @Test func aStoredSigningKeyOfTheWrongSizeStopsTheStart() throws {
        let directory = NSTemporaryDirectory() + "genkan-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try AccountStore(path: directory + "/genkan.sqlite")
        _ = try store.storage.insertSecret(named: "firebase-ed25519-seed", Array(repeating: 7, count: 16))
        let result = try Self.run(["serve", "--port", "0", "--db", directory + "/genkan.sqlite", "--firebase-project", "demo-x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("firebase-ed25519-seed") && result.stderr.contains("16 bytes"), "\(result.stderr)")
        #expect(!result.stdout.contains("serving"))
    }

    @Test func startsCreatesTheDatabaseServesAndStopsOnSIGTERM() throws {
        let directory = NSTemporaryDirectory() + "genkan-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for signal in [SIGTERM, SIGINT] {
            let server = try ServeProcess(arguments: ["--log", "json"], database: directory + "/genkan.sqlite")
            let client = try RawClient(port: server.port)
            client.send("GET /signin HTTP/1.1\r\nHost: x\r\nAccept-Language: ko\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 200 && response.body.contains("<html lang=\"ko\""))
            #expect(server.stop(with: signal) == 0)
            let log = server.accessLog
            #expect(log.contains("\"client\":\"127.0.0.1\",\"method\":\"GET\",\"path\":\"/signin\",\"status\":200"), "\(log)")
            #expect(FileManager.default.fileExists(atPath: directory + "/genkan.sqlite"))
            let mode = (try FileManager.default.attributesOfItem(atPath: directory + "/genkan.sqlite")[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600, "genkan.sqlite has mode \(String(mode ?? -1, radix: 8))")
        }
    }

    /// The limits live in the database. A process killed with SIGKILL (no shutdown
    /// at all) and started again still refuses the address that ran out, behind a trusted proxy.
    @Test func limitsSurviveAKilledProcess() async throws {
        let directory = NSTemporaryDirectory() + "genkan-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func start() throws -> ServeProcess {
            try ServeProcess(arguments: ["--trust-proxy", "127.0.0.1"], database: directory + "/genkan.sqlite")
        }
        func attempt(_ port: UInt16, from address: String, password: String) async throws -> Int {
            let client = SiteClient(port: port)
            return try await client.submit("/signin", [("email", "taro@example.com"), ("password", password)], headers: ["X-Forwarded-For": address])
                .status
        }
        let first = try start()
        #expect(try await SiteClient(port: first.port).submit("/signup", taro).status == 303)
        for _ in 0..<10 { #expect(try await attempt(first.port, from: "203.0.113.9", password: "a wrong guess") == 422) }
        #expect(try await attempt(first.port, from: "203.0.113.9", password: "a wrong guess") == 429)
        first.stop(with: SIGKILL)
        let second = try start()
        defer { second.stop(with: SIGKILL) }
        #expect(try await attempt(second.port, from: "203.0.113.9", password: "correct horse battery") == 429)
        #expect(try await attempt(second.port, from: "198.51.100.7", password: "correct horse battery") == 303)
    }
}
