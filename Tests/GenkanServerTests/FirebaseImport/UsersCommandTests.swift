import Foundation
import GenkanTestSupport
import Testing
@testable import GenkanServer
@testable import GenkanStore
@testable import GenkanPostgreSQL

/// `genkan users import` writing and `genkan users export` as an operator runs them: a Firebase
/// export imported (a second run imports nothing), signed in with, exported, and the export
/// imported into another database with the same hashes; `genkan db check` counting the hashes and
/// warning about the weak ones.
@Suite struct UsersCommandTests {
    let directory = NSTemporaryDirectory() + "genkan-users-" + UUID().uuidString
    /// firebase/scrypt's published sample project parameters, which the export's hashes use.
    static let scryptFlags = [
        "--hash-algo", "SCRYPT", "--hash-key", "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
        "--salt-separator", "Bw==", "--rounds", "8", "--mem-cost", "14",
    ]

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> ToolRun { try ToolRun.genkan(arguments) }

    /// Three users of a firebase-tools export: two with firebase/scrypt's README hash (password
    /// `user1password`), one whose address another user of the file has.
    func firebaseExport() throws -> String {
        let path = directory + "/firebase.json"
        let users = [
            ExportFileReaderTests.user("one"),
            ExportFileReaderTests.user("two", extra: ",\n  \"customAttributes\": \"{\\\"plan\\\":\\\"gold\\\"}\""),
            ExportFileReaderTests.user("three").replacingOccurrences(of: "three@example.com", with: "ONE@example.com"),
        ]
        try ExportFileReaderTests.firebaseToolsJSON(users).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func importTwiceSignInExportAndImportTheExport() throws {
        let database = directory + "/genkan.sqlite", file = try firebaseExport()
        let dry = try run(["users", "import", file, "--db", database, "--dry-run"] + Self.scryptFlags)
        #expect(dry.status == 1 && dry.stdout.contains("would import: 2") && dry.stdout.contains("the address of user 1 in this file: 1 (user 3)"), "\(dry.output)")
        #expect(!FileManager.default.fileExists(atPath: database))

        let first = try run(["users", "import", file, "--db", database] + Self.scryptFlags)
        #expect(first.status == 1 && first.stdout.contains("imported: 2\n"), "\(first.output)")
        let second = try run(["users", "import", file, "--db", database] + Self.scryptFlags)
        #expect(second.stdout.contains("imported: 0\n") && second.stdout.contains("already present (same uid, left as it is): 2"), "\(second.output)")

        let store = try AccountStore(path: database)
        let core = try Authenticator(store: store)
        #expect(try store.storage.storedAccount(uid: "one")?.passwordHash?.hasPrefix("$firebase-scrypt$") == true)
        #expect(try core.signIn(email: "one@example.com", password: "user1password").get().uid == "one")
        #expect(try store.storage.storedAccount(uid: "one")?.passwordHash?.hasPrefix("$argon2id$") == true)

        // `db check` counts both kinds (Firebase's scrypt is not weak: no warning).
        let check = try run(["db", "check", "--db", database])
        #expect(check.status == 0 && check.stdout.contains("accounts: 2; password hashes: 1 Argon2id, 1 imported (SCRYPT 1), 0 without a password"), "\(check.output)")
        #expect(!check.stdout.contains("warning"))

        // The export, and the export imported elsewhere: the same hashes, the same sign-ins.
        let exported = directory + "/genkan-export.json"
        let export = try run(["users", "export", exported, "--db", database])
        #expect(export.status == 0 && export.stdout.contains("2 users exported"), "\(export.output)")
        #expect(try FileManager.default.attributesOfItem(atPath: exported)[.posixPermissions] as? Int == 0o600)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.hasPrefix("{\"genkan\": {\"format\":1,"))
        #expect(try run(["users", "export", exported, "--db", database]).status == 1, "an existing file is not replaced")
        #expect(try run(["users", "import", exported, "--db", database + "2"] + Self.scryptFlags).stderr.contains("leave out --hash-algo"))
        let moved = try run(["users", "import", exported, "--db", database + "2"])
        #expect(moved.status == 0 && moved.stdout.contains("(a Genkan export)") && moved.stdout.contains("imported: 2\n"), "\(moved.output)")
        let copy = try AccountStore(path: database + "2")
        for uid in ["one", "two"] {
            let original = try #require(try store.storage.storedAccount(uid: uid)), read = try #require(try copy.storage.storedAccount(uid: uid))
            #expect(read.passwordHash == original.passwordHash && read.account.email == original.account.email)
            #expect(read.account.displayName == original.account.displayName && read.account.customClaims == original.account.customClaims)
            #expect(read.account.createdAt == original.account.createdAt && read.lastLoginAt == original.lastLoginAt)
            #expect(read.account.isVerified == original.account.isVerified)
        }
        #expect(try Authenticator(store: copy).signIn(email: "two@example.com", password: "user1password").get().uid == "two")
    }

    /// Two new databases of `engine`, dropped after `body` (PostgreSQL when `GENKAN_TEST_POSTGRES`
    /// names a server; otherwise the test has nothing to do there).
    func twoDatabases(_ engine: String, _ body: (String, String) throws -> Void) throws {
        guard engine == "postgresql" else { return try body(directory + "/first.sqlite", directory + "/second.sqlite") }
        guard let server = ProcessInfo.processInfo.environment["GENKAN_TEST_POSTGRES"].flatMap(PostgresURL.init) else { return }
        let names = (0..<2).map { _ in "genkan_round_trip_" + UUID().uuidString.lowercased().replacing("-", with: "") }
        for name in names { try PostgresConnection(url: server.text).execute("CREATE DATABASE \(name)") }
        defer { for name in names { _ = try? PostgresConnection(url: server.text).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") } }
        try body(server.replacingDatabase(with: names[0]), server.replacingDatabase(with: names[1]))
    }

    /// Every kind of account — a password of Genkan's own, an imported hash, identities, claims, a
    /// disabled one, an unverified address, none, an anonymous one — exported, imported into a new
    /// database and exported again: the same file, byte for byte.
    @Test(arguments: ["sqlite", "postgresql"]) func exportImportExportGivesTheSameFile(engine: String) throws {
        try twoDatabases(engine) { first, second in
            let location: StoreLocation = engine == "sqlite" ? .sqlite(path: first) : .postgresql(url: first)
            let core = try Authenticator(store: AccountStore(location: location))
            let hash = try ImportedPasswordHash(
                scheme: .pbkdf2(.sha256, iterations: 1000), salt: [1, 2, 3], hash: Array(repeating: 9, count: 32))
            let google = ImportedAccount.Identity(provider: "google", issuer: "https://accounts.google.com", subject: "g-1", email: "g@gmail.com")
            let corp = ImportedAccount.Identity(provider: "corp", issuer: "https://id.corp.example", subject: "c-1", email: nil)
            // As a door would have normalized them (the core takes them as they are).
            let imported = [
                ImportedAccount(
                    uid: "imported", email: "imported@example.com", emailVerified: true, displayName: "Taro Yamada", nameKey: "taro yamada",
                    photoURL: "https://example.com/p.png", createdAt: 1_500_000_000, lastSignInAt: 1_600_000_000,
                    customClaims: "{\"plan\":\"gold\"}", identities: [google, corp], password: .imported(hash)),
                ImportedAccount(uid: "unverified", email: "Unverified@example.com", emailVerified: false, disabled: true, createdAt: 1_500_000_001),
                ImportedAccount(uid: "bare", createdAt: 1_500_000_002),
            ]
            #expect(try core.importAccounts(imported).get() == [.imported, .imported, .imported])
            _ = try core.signUp(email: "own@example.com", displayName: "Own", nameKey: "own", password: "a long enough password 1").get()
            let anonymous = try core.signUpAnonymously().get()

            let once = directory + "/\(engine)-once.json", twice = directory + "/\(engine)-twice.json"
            let export = try run(["users", "export", once, "--db", first])
            #expect(export.status == 0 && export.stdout.contains("5 users exported") && export.stdout.contains("1 of them anonymous"), "\(export.output)")
            let moved = try run(["users", "import", once, "--db", second])
            #expect(moved.status == 0 && moved.stdout.contains("imported: 5\n"), "\(moved.output)")
            #expect(try run(["users", "export", twice, "--db", second]).status == 0)
            let onceText = try String(contentsOfFile: once, encoding: .utf8), twiceText = try String(contentsOfFile: twice, encoding: .utf8)
            #expect(onceText == twiceText)
            #expect(onceText.contains("\"anonymous\": true") && onceText.contains(anonymous.account.uid))
            let copy = try AccountStore(location: engine == "sqlite" ? .sqlite(path: second) : .postgresql(url: second))
            #expect(try copy.storage.storedAccount(uid: anonymous.account.uid)?.account.isAnonymous == true)
            #expect(try copy.storage.storedAccount(uid: "bare")?.account.isAnonymous == false)
        }
    }

    @Test func weakHashesAreFlagged() throws {
        let database = directory + "/weak.sqlite"
        let hash = try ImportedPasswordHash(scheme: .digest(.sha1, rounds: 2, order: .saltAndPassword), salt: [1, 2, 3], hash: Array(repeating: 7, count: 20))
        let core = try Authenticator(store: AccountStore(path: database))
        let accounts = (0..<3).map { ImportedAccount(uid: "w\($0)", email: "w\($0)@example.com", password: .imported(hash)) }
        #expect(try core.importAccounts(accounts).get() == [.imported, .imported, .imported])
        let check = try run(["db", "check", "--db", database])
        #expect(check.status == 0 && check.stdout.contains("3 imported (SHA1 3)"), "\(check.output)")
        #expect(check.stdout.contains("warning: 3 accounts still have a weak imported hash (SHA1 3)"), "\(check.output)")
    }
}
