import Testing
@testable import GenkanStore

/// What every `Storage` must do with an import's rows: find which uids, address keys and identities
/// are taken, many at once, and write many accounts with their identities at once.
@Suite struct ImportStorageConformanceTests {
    let clock = ManualClock()

    static func row(_ uid: String, email: String? = nil, identities: [ProviderIdentity] = [], hash: String? = "$2b$10$x") -> ImportedAccountRow {
        ImportedAccountRow(
            account: AccountRow(
                uid: uid, email: email, emailKey: email.map(AccountStore.emailKey), displayName: "N \(uid)", nameKey: "n \(uid)",
                passwordHash: hash, createdAt: 1_600_000_000, verifiedAt: email == nil ? nil : 1_700_000_000, customClaims: "{\"n\":1}"),
            photoURL: "https://example.com/\(uid).png", lastLoginAt: 1_650_000_000, disabledAt: uid.hasSuffix("0") ? 1_700_000_001 : nil,
            credentialsTrustedSince: 1_700_000_000, identities: identities)
    }

    static func google(_ subject: String) -> ProviderIdentity {
        ProviderIdentity(provider: "google", issuer: "https://accounts.google.com", subject: subject, email: nil, linkedAt: 1_600_000_000, lastUsedAt: nil)
    }

    @Test(arguments: StoreKind.available) func writesManyAccountsAndFindsThemTaken(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let storage = store.storage
        // More than one statement's worth (100), and not a multiple of it.
        let rows = (0..<250).map { Self.row("u\($0)", email: "User\($0)@Example.com", identities: $0 % 3 == 0 ? [Self.google("g\($0)")] : []) }
        let ids = try store.transaction { () throws(StoreError) in try storage.insertImportedAccounts(rows) }
        #expect(ids.count == 250 && Set(ids).count == 250)
        #expect(ids == ids.sorted())

        let read = try #require(try storage.storedAccount(uid: "u10"))
        #expect(read.account.id == ids[10])
        #expect(read.account.email == "User10@Example.com" && read.emailKey == AccountStore.emailKey("User10@Example.com"))
        #expect(read.account.displayName == "N u10" && read.account.nameKey == "n u10")
        #expect(read.passwordHash == "$2b$10$x" && read.photoURL == "https://example.com/u10.png" && read.lastLoginAt == 1_650_000_000)
        #expect(read.account.createdAt == 1_600_000_000 && read.account.verifiedAt == 1_700_000_000)
        #expect(read.account.disabledAt == 1_700_000_001 && read.account.customClaims == "{\"n\":1}")
        #expect(read.credentialsTrustedSince == 1_700_000_000)
        #expect(try storage.identities(accountID: ids[3]).map(\.subject) == ["g3"])
        #expect(try storage.account(issuer: "https://accounts.google.com", subject: "g249")?.id == ids[249])

        let uids = (240..<260).map { "u\($0)" }
        #expect(try storage.existingUIDs(uids) == Set((240..<250).map { "u\($0)" }))
        #expect(try storage.existingUIDs([]) == [])
        let keys = (0..<300).map { AccountStore.emailKey("user\($0)@example.com") }
        #expect(try storage.existingEmailKeys(keys).count == 250)
        let identities = (0..<260).map { IdentityKey(issuer: "https://accounts.google.com", subject: "g\($0)") }
            + [IdentityKey(issuer: "https://appleid.apple.com", subject: "g3")]
        #expect(try storage.existingIdentities(identities) == Set((0..<250).filter { $0 % 3 == 0 }.map {
            IdentityKey(issuer: "https://accounts.google.com", subject: "g\($0)") }))

        // Ids go on after the import's, and an account made later gets a new one.
        let later = try store.createAccount(NewAccount(email: "later@example.com", displayName: "L", nameKey: "l", passwordHash: nil))
        #expect(later.id > ids.last!)
    }

    @Test(arguments: StoreKind.available) func aTakenKeyFailsTheWholeTransaction(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        _ = try store.transaction { () throws(StoreError) in try store.storage.insertImportedAccounts([Self.row("first", email: "a@example.com")]) }
        for clash in [Self.row("first"), Self.row("second", email: "A@EXAMPLE.com"), Self.row("third", identities: [Self.google("x"), Self.google("x")])] {
            #expect(throws: StoreError.self) {
                try store.transaction { () throws(StoreError) in
                    _ = try store.storage.insertImportedAccounts([Self.row("fine"), clash])
                }
            }
            #expect(try store.storage.storedAccount(uid: "fine") == nil)
        }
        #expect(try store.storage.existingUIDs(["first", "fine", "second", "third"]) == ["first"])
    }
}
