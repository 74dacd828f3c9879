import Foundation
import GenkanJSON
import GenkanTestSupport
@testable import GenkanStore
import Testing
@testable import GenkanPostgreSQL

/// `genkan admin grant|revoke|list` and `genkan events export` as an operator runs them, on an
/// SQLite file and (when the tests have a server) a PostgreSQL database: what they print, what
/// they change, their exit statuses.
@Suite struct OperatorDatabaseCommandTests {
    /// A database with two accounts, made by a Genkan as `serve` would, and removed afterwards.
    final class Site: Sendable {
        let location: String
        private let cleanUp: @Sendable () -> Void

        init(postgres: Bool) throws {
            if postgres {
                let server = try #require(ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"].flatMap(PostgresURL.init))
                let name = "genkan_operator_" + UUID().uuidString.lowercased().replacing("-", with: "")
                try PostgresConnection(url: server.text).execute("CREATE DATABASE \(name)")
                location = server.replacingDatabase(with: name)
                cleanUp = { _ = try? PostgresConnection(url: server.text).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
            } else {
                let directory = NSTemporaryDirectory() + "genkan-operator-" + UUID().uuidString
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                location = directory + "/genkan.sqlite"
                cleanUp = { try? FileManager.default.removeItem(atPath: directory) }
            }
        }

        deinit { cleanUp() }

        func store() throws -> AccountStore {
            try AccountStore(location: try StoreLocation(parsing: location)) { _ in }
        }
    }

    static var engines: [Bool] {
        [false] + (ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"].map { !$0.isEmpty } == true ? [true] : [])
    }

    func genkan(_ arguments: [String]) throws -> ToolRun { try ToolRun.genkan(arguments) }

    @Test(arguments: engines) func grantRevokeAndList(postgres: Bool) throws {
        let site = try Site(postgres: postgres)
        let store = try site.store()
        let taro = try store.createAccount(NewAccount(email: "Taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let hanako = try store.createAccount(NewAccount(email: "hanako@example.com", displayName: "H", nameKey: "h", passwordHash: "$x"))

        let empty = try genkan(["admin", "list", "--db", site.location])
        #expect(empty.status == 0 && empty.stdout.isEmpty, "\(empty)")
        let granted = try genkan(["admin", "grant", "--db", site.location, "taro@EXAMPLE.com"])
        #expect(granted.status == 0 && granted.stdout == "Taro@example.com (\(taro.uid)) is now an administrator\n", "\(granted)")
        let again = try genkan(["admin", "grant", "--db", site.location, "taro@example.com"])
        #expect(again.status == 0 && again.stdout.contains("was already an administrator"), "\(again)")
        #expect(try genkan(["admin", "grant", "--db", site.location, "hanako@example.com"]).status == 0)
        let missing = try genkan(["admin", "grant", "--db", site.location, "nobody@example.com"])
        #expect(missing.status == 1 && missing.stderr.contains("no account has the address nobody@example.com"), "\(missing)")

        let listed = try genkan(["admin", "list", "--db", site.location])
        let lines = listed.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(listed.status == 0 && lines.map { Array($0.prefix(2)) } == [[taro.uid, "Taro@example.com"], [hanako.uid, "hanako@example.com"]])
        let since = try #require(try store.account(id: taro.id)?.adminSince)
        #expect(lines.first?.last == AccountEvent.rfc3339(since))
        #expect(try store.account(id: taro.id)?.isAdministrator == true)

        let revoked = try genkan(["admin", "revoke", "--db", site.location, "taro@example.com"])
        #expect(revoked.status == 0 && revoked.stdout.contains("is no longer an administrator"), "\(revoked)")
        let notAdmin = try genkan(["admin", "revoke", "--db", site.location, "taro@example.com"])
        #expect(notAdmin.status == 0 && notAdmin.stdout.contains("was not an administrator"))
        #expect(try store.administrators().map(\.uid) == [hanako.uid])
        // Each change an event by the system, from the command line.
        let events = try store.events()
        #expect(events.map(\.type) == [.adminRevoked, .adminGranted, .adminGranted])
        #expect(events.allSatisfy { $0.actor == .system && $0.details.door == .cli && $0.client == nil })
    }

    @Test(arguments: engines) func exportWritesEveryEventAsAJSONLine(postgres: Bool) throws {
        let site = try Site(postgres: postgres)
        let store = try site.store()
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        store.origin = EventOrigin(client: "192.0.2.1", userAgent: "Firefox \"140\"\n", door: .page)
        // More than one batch of the export's reading (500).
        var recorded: [Int64] = []
        try store.transaction { () throws(StoreError) in
            for index in 0..<1203 {
                recorded.append(
                    try store.record(index == 7 ? .signInFailed : .signInSucceeded, uid: taro.uid, details: EventDetails(method: "password")))
            }
        }
        let export = try genkan(["events", "export", "--db", site.location])
        #expect(export.status == 0 && export.stderr.isEmpty, "\(export.stderr)")
        let lines = export.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1204 && lines.last == "")
        let values = lines.dropLast().compactMap { JSONReader.value(String($0)) }
        #expect(values.compactMap { $0["id"]?.integerValue }.map(Int64.init) == recorded)
        let first = try #require(values.first)
        #expect(first["type"]?.stringValue == "sign_in.succeeded" && first["uid"]?.stringValue == taro.uid)
        #expect(first["actor"]?["kind"]?.stringValue == "user" && first["client"]?.stringValue == "192.0.2.1")
        #expect(first["userAgent"]?.stringValue == "Firefox \"140\"\n" && first["details"]?["method"]?.stringValue == "password")
        #expect(first["time"]?.stringValue.flatMap(AccountEvent.seconds(rfc3339:)) == (try store.events(before: recorded[1]).first?.time))

        let failed = try genkan(["events", "export", "--db", site.location, "--type", "sign_in.failed", "--type", "account.deleted"])
        #expect(failed.status == 0 && failed.stdout.split(separator: "\n").count == 1 && failed.stdout.contains("\"id\":\(recorded[7])"))
        let future = try genkan(["events", "export", "--db", site.location, "--since", "2100-01-01"])
        #expect(future.status == 0 && future.stdout.isEmpty)
        let past = try genkan(["events", "export", "--db", site.location, "--since", "2020-01-01T09:00:00+09:00", "--type", "sign_in.failed"])
        #expect(past.stdout.split(separator: "\n").count == 1)
    }

    /// Nothing is created or migrated: a missing file stays missing, an older schema is named.
    @Test func aDatabaseThatCannotBeUsedIsOneLine() throws {
        let directory = NSTemporaryDirectory() + "genkan-operator-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/missing.sqlite"
        for command in [["admin", "list"], ["admin", "grant", "a@example.com"], ["events", "export"]] {
            let run = try genkan(command + ["--db", missing])
            #expect(run.status == 1 && run.stderr.split(separator: "\n").count == 1 && run.stdout.isEmpty, "\(command): \(run)")
            #expect(run.stderr.contains(missing))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        let older = directory + "/older.sqlite"
        _ = try ToolRun.run(tool: "sqlite3", [older, Schema.script(through: 7, for: .sqlite) + "\nPRAGMA user_version = 7;"])
        let run = try genkan(["events", "export", "--db", older])
        #expect(run.status == 1 && run.stderr.contains("schema version 7") && run.stderr.contains("genkan db migrate"), "\(run)")
        let unreachable = try genkan(["admin", "list", "--db", "postgresql://taro:hunter2-secret@127.0.0.1:1/genkan"])
        #expect(unreachable.status == 1 && unreachable.stderr.contains("Connection refused") && !unreachable.stderr.contains("hunter2"))
    }
}
