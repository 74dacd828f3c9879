import GenkanJSON
import Testing
@testable import GenkanStore

/// Importing accounts through the core (`Authenticator.importAccounts`), and signing in with their
/// imported hashes: every algorithm, the upgrade to Argon2id, refusals as any sign-in's.
@Suite struct AccountImportTests {
    let clock = ManualClock()

    static func account(
        _ uid: String, email: String? = nil, verified: Bool = true, password: ImportedAccount.Password? = nil,
        identities: [ImportedAccount.Identity] = [], disabled: Bool = false
    ) -> ImportedAccount {
        ImportedAccount(
            uid: uid, email: email, emailVerified: verified, displayName: "Name \(uid)", nameKey: "name \(uid)", disabled: disabled,
            createdAt: 1_500_000_000, lastSignInAt: 1_600_000_000, customClaims: "{\"plan\":\"gold\"}", identities: identities,
            password: password)
    }

    static let google = ImportedAccount.Identity(provider: "google", issuer: "https://accounts.google.com", subject: "g-1", email: nil)

    @Test(arguments: StoreKind.available) func importsOnceAndNeverOverwrites(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let authenticator = try testAuthenticator(store)
        let taken = try createTaro(in: store, "taken@example.com")
        let batch = [
            Self.account("u1", email: "one@example.com", identities: [Self.google]),
            Self.account("u2", email: "TAKEN@example.com"),
            Self.account("u3", email: "ONE@example.com"),
            Self.account("u4", identities: [Self.google]),
            Self.account("u5"),
            Self.account(taken.uid, email: "new@example.com"),
        ]
        let outcomes = try authenticator.importAccounts(batch).get()
        #expect(outcomes == [.imported, .emailExists, .emailExists, .identityExists, .imported, .uidExists])
        let one = try #require(try store.storage.storedAccount(uid: "u1"))
        #expect(one.account.email == "one@example.com" && one.account.isVerified && one.credentialsTrustedSince == clock.now)
        #expect(one.account.createdAt == 1_500_000_000 && one.lastLoginAt == 1_600_000_000 && one.account.customClaims == "{\"plan\":\"gold\"}")
        #expect(try store.storage.identities(accountID: one.account.id).map(\.subject) == ["g-1"])
        #expect(try store.storage.storedAccount(uid: "u5")?.account.hasEmail == false)
        // The account that was there keeps its address and everything else.
        #expect(try store.storage.storedAccount(uid: taken.uid)?.account == taken)

        // Each account written is one account.created, by the system, through the request's door.
        let created = try store.events(types: [.accountCreated])
        #expect(created.map(\.uid).sorted() == ["u1", "u5"])
        #expect(created.allSatisfy { $0.actor == .system && $0.details == EventDetails(method: "import") && $0.time == clock.now })

        // A second run changes nothing, and records nothing.
        let before = try store.storage.accounts(afterID: 0, limit: 100)
        authenticator.origin = .commandLine
        #expect(try authenticator.importAccounts(batch).get() == [.uidExists, .emailExists, .emailExists, .identityExists, .uidExists, .uidExists])
        #expect(try store.storage.accounts(afterID: 0, limit: 100) == before)
        #expect(try store.events(types: [.accountCreated]).count == 2)
        _ = try authenticator.importAccounts([Self.account("u6")]).get()
        #expect(try store.events(types: [.accountCreated]).first?.details == EventDetails(method: "import", door: .cli))
    }

    /// Batches given one after another share one transaction: a later batch sees what an earlier
    /// one wrote, everything is committed at `.end`, and `.abandon` after several batches leaves
    /// the database (accounts and events) as it was.
    @Test(arguments: StoreKind.available) func batchesAreOneTransactionCommittedOrAbandonedWhole(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let authenticator = try testAuthenticator(store)
        /// A setting of the store's connection, as text: SQLite's page cache in KiB (negative),
        /// PostgreSQL's isolation level.
        func setting() throws -> String? {
            let sql = try #require(store.storage as? SQLStore)
            var value: String?
            try sql.connection.run(kind == .sqlite ? "PRAGMA cache_size" : "SHOW transaction_isolation", []) { row in
                value = kind == .sqlite ? String(row.integer(0)) : row.text(0)
                return false
            }
            return value
        }
        var duringImport: String?
        func run(_ batches: [[ImportedAccount]], ending: ImportBatch) throws -> (Bool, [[ImportOutcome]]) {
            var queue = batches
            var outcomes: [[ImportOutcome]] = []
            let committed = try authenticator.importAccounts(from: {
                duringImport = try? setting()
                return queue.isEmpty ? ending : .accounts(queue.removeFirst())
            }) {
                outcomes.append($0)
            }.get()
            return (committed, outcomes)
        }
        let batches = [
            [Self.account("u1", email: "one@example.com"), Self.account("u2")],
            [Self.account("u3", email: "ONE@example.com"), Self.account("u2"), Self.account("u4", identities: [Self.google])],
            [Self.account("u5", identities: [Self.google])],
        ]
        let abandoned = try run(batches, ending: .abandon)
        #expect(abandoned.0 == false && abandoned.1 == [[.imported, .imported], [.emailExists, .uidExists, .imported], [.identityExists]])
        #expect(try store.storage.accounts(afterID: 0, limit: 10).isEmpty)
        #expect(try store.events().isEmpty)

        let committed = try run(batches, ending: .end)
        #expect(committed.0 == true && committed.1 == abandoned.1)
        #expect(try store.storage.accounts(afterID: 0, limit: 10).map(\.account.uid) == ["u1", "u2", "u4"])
        #expect(try store.events(types: [.accountCreated]).map(\.uid).sorted() == ["u1", "u2", "u4"])
        // SQLite: the import's own page cache, and the default again after it. PostgreSQL: READ
        // COMMITTED, so that the server's transactions and the import lose no serialization
        // conflicts over the pages they both touch.
        let after = try setting()
        switch kind {
        case .sqlite: #expect(duringImport == "-65536" && after == "-2000")
        case .postgresql: #expect(duringImport == "read committed" && after == "serializable", "\(duringImport ?? "nil") \(after ?? "nil")")
        }
    }

    @Test(arguments: StoreKind.available) func aDryRunWritesNothing(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let authenticator = try testAuthenticator(store)
        #expect(try authenticator.importAccounts([Self.account("u1"), Self.account("u1")], writing: false).get() == [.imported, .uidExists])
        #expect(try store.storage.accounts(afterID: 0, limit: 10).isEmpty)
        #expect(try store.events().isEmpty)
    }

    @Test func anUnverifiedAddressBringsNothingTrusted() throws {
        let directory = TemporaryDirectory()
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        _ = try testAuthenticator(store).importAccounts([Self.account("u1", email: "one@example.com", verified: false)]).get()
        let read = try #require(try store.storage.storedAccount(uid: "u1"))
        #expect(!read.account.isVerified && read.credentialsTrustedSince == nil)
    }

    /// Every algorithm's fixture imported, then signed in with: a wrong password is refused as any
    /// wrong password is and changes nothing; the right one signs in and leaves Argon2id behind.
    @Test(arguments: ImportedHashFixture.all)
    func signsInWithAnImportedHashAndUpgradesIt(_ fixture: ImportedHashFixture) throws {
        let directory = TemporaryDirectory()
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let hash = try fixture.imported()
        let account = Self.account("u1", email: "imported@example.com", password: .imported(hash))
        #expect(try authenticator.importAccounts([account]).get() == [.imported])
        #expect(try store.storage.storedAccount(uid: "u1")?.passwordHash == hash.stored)

        #expect(authenticator.signIn(email: "imported@example.com", password: fixture.wrongPassword) == .failure(.invalidCredential))
        #expect(try store.storage.storedAccount(uid: "u1")?.passwordHash == hash.stored)

        let signedIn = try authenticator.signIn(email: "imported@example.com", password: fixture.password).get()
        #expect(signedIn.uid == "u1")
        let upgraded = try #require(try store.storage.storedAccount(uid: "u1")?.passwordHash)
        #expect(upgraded.hasPrefix("$argon2id$"))
        #expect(!authenticator.hasher.needsRehash(upgraded))
        #expect(authenticator.hasher.verify(fixture.password, against: upgraded))
        // And again, now with Argon2id.
        #expect(try authenticator.signIn(email: "imported@example.com", password: fixture.password).get().uid == "u1")
        #expect(authenticator.signIn(email: "imported@example.com", password: fixture.wrongPassword) == .failure(.invalidCredential))
    }

    @Test func aDisabledImportedAccountIsToldOnlyAfterTheRightPassword() throws {
        let directory = TemporaryDirectory()
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let fixture = try #require(ImportedHashFixture.all.first { $0.options.hashAlgorithm == "SHA256" })
        let account = Self.account("u1", email: "off@example.com", password: .imported(try fixture.imported()), disabled: true)
        _ = try authenticator.importAccounts([account]).get()
        #expect(authenticator.signIn(email: "off@example.com", password: fixture.wrongPassword) == .failure(.invalidCredential))
        #expect(authenticator.signIn(email: "off@example.com", password: fixture.password) == .failure(.userDisabled))
    }

    @Test func anotherGenkansArgon2idHashSignsInAsItIs() throws {
        let directory = TemporaryDirectory()
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try testAuthenticator(store)
        let hash = try authenticator.hasher.hash("moved with its hash")
        _ = try authenticator.importAccounts([Self.account("u1", email: "moved@example.com", password: .argon2id(hash))]).get()
        #expect(try authenticator.signIn(email: "moved@example.com", password: "moved with its hash").get().uid == "u1")
        #expect(try store.storage.storedAccount(uid: "u1")?.passwordHash == hash)
    }

    /// A wrong password for a fast imported hash costs the Argon2id verification an unknown address
    /// costs: timed with the hasher's own cost as the unit, it is never much faster.
    @Test func aWrongPasswordForAWeakHashCostsWhatAnUnknownAddressCosts() throws {
        let directory = TemporaryDirectory()
        let store = try AccountStore(path: directory.database, clock: clock.storeClock)
        let authenticator = try Authenticator(store: store, hasher: PasswordHasher(operations: 3, memory: 32 << 20))
        let fixture = try #require(ImportedHashFixture.all.first { $0.name == "MD5 0 rounds" })
        _ = try authenticator.importAccounts([Self.account("u1", email: "md5@example.com", password: .imported(try fixture.imported()))]).get()
        func time(_ email: String) -> Duration {
            let clock = ContinuousClock()
            return (0..<3).map { _ in clock.measure { _ = authenticator.signIn(email: email, password: "wrong") } }.min()!
        }
        let unknown = time("nobody@example.com"), weak = time("md5@example.com")
        #expect(weak * 2 > unknown, "wrong password for MD5: \(weak), unknown address: \(unknown)")
    }
}
