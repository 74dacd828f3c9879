import Testing
@testable import GenkanStore

/// What every `Storage` must do with accounts and transactions.
@Suite struct AccountStorageConformanceTests {
    let clock = ManualClock()

    func row(_ email: String, hash: String? = "$argon2id$x", verifiedAt: Int64? = nil) -> AccountRow {
        AccountRow(
            uid: "uid-" + email.lowercased(), email: email, emailKey: AccountStore.emailKey(email), displayName: "山田 太郎 🎌", nameKey: "山田 太郎 🎌",
            passwordHash: hash, createdAt: 1_800_000_000, verifiedAt: verifiedAt)
    }

    @Test(arguments: StoreKind.available) func accountsRoundTripEveryColumn(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let storage = try database.storage()
        let id = try storage.insertAccount(row("Taro@Example.com", verifiedAt: 1_800_000_001))
        let passwordless = try storage.insertAccount(row("hanako@example.com", hash: nil))
        let found = try #require(try storage.storedAccount(id: id))
        #expect(found.account.email == "Taro@Example.com" && found.account.displayName == "山田 太郎 🎌")
        #expect(found.account.createdAt == 1_800_000_000 && found.account.verifiedAt == 1_800_000_001)
        #expect(found.account.disabledAt == nil && found.account.validSince == nil)
        #expect(found.passwordHash == "$argon2id$x" && found.hasPassword && found.emailKey == "taro@example.com")
        #expect(try storage.storedAccount(emailKey: "taro@example.com")?.account.id == id)
        #expect(try storage.storedAccount(id: passwordless)?.passwordHash == nil)
        #expect(try storage.storedAccount(id: passwordless)?.hasPassword == false)
        #expect(try storage.account(id: id + 1000) == nil && storage.storedAccount(emailKey: "nobody@example.com") == nil)

        #expect(try storage.setPasswordHash(accountID: id, "$argon2id$y"))
        #expect(try storage.setValidSince(accountID: id, 1_800_000_100))
        #expect(try storage.setName(accountID: id, "Jiro", nameKey: "jiro"))
        #expect(try storage.setVerifiedAt(accountID: id, nil))
        #expect(try storage.setDisabledAt(accountID: id, 1_800_000_200))
        #expect(try storage.setPhotoURL(accountID: id, "https://example.com/a.png"))
        #expect(try storage.setLastLogin(accountID: id, 1_800_000_300))
        #expect(try storage.setEmail(accountID: id, "jiro@example.com", emailKey: "jiro@example.com"))
        let changed = try #require(try storage.storedAccount(id: id))
        #expect(changed.passwordHash == "$argon2id$y" && changed.account.validSince == 1_800_000_100)
        #expect(changed.account.displayName == "Jiro" && changed.account.nameKey == "jiro")
        #expect(changed.account.verifiedAt == nil && changed.account.disabledAt == 1_800_000_200)
        #expect(changed.photoURL == "https://example.com/a.png" && changed.lastLoginAt == 1_800_000_300)
        #expect(try changed.account.email == "jiro@example.com" && storage.storedAccount(emailKey: "taro@example.com") == nil)
        // Every setter says when there is no such account.
        let missing = id + 1000
        #expect(try !storage.setPasswordHash(accountID: missing, nil))
        #expect(try !storage.setName(accountID: missing, "x", nameKey: "x"))
        #expect(try !storage.setDisabledAt(accountID: missing, nil))
        #expect(try !storage.setEmail(accountID: missing, "x@example.com", emailKey: "x@example.com"))
    }

    @Test(arguments: StoreKind.available) func theAddressKeyIsUniqueAndALoserWritesNothing(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let storage = try database.storage()
        let taro = try storage.insertAccount(row("taro@example.com"))
        let hanako = try storage.insertAccount(row("hanako@example.com"))
        #expect(throws: StoreError.self) { _ = try storage.insertAccount(row("TARO@example.com")) }
        do {
            _ = try storage.insertAccount(row("TARO@example.com"))
        } catch {
            #expect(error.code == .constraint)
        }
        do {
            try storage.setEmail(accountID: hanako, "Taro@Example.com", emailKey: "taro@example.com")
            Issue.record("two accounts share a key")
        } catch {
            #expect(error.code == .constraint)
        }
        #expect(try storage.account(id: hanako)?.email == "hanako@example.com")
        #expect(try storage.accounts(afterID: 0, limit: 10).map(\.account.id) == [taro, hanako])
    }

    @Test(arguments: StoreKind.available) func idsAreNeverReusedAndListsPage(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let storage = try database.storage()
        let ids = try (0..<5).map { index throws(StoreError) in try storage.insertAccount(row("u\(index)@example.com")) }
        #expect(ids == ids.sorted() && Set(ids).count == 5)
        #expect(try storage.deleteAccount(id: ids[4]))
        #expect(try !storage.deleteAccount(id: ids[4]))
        let next = try storage.insertAccount(row("u5@example.com"))
        #expect(next > ids[4])
        #expect(try storage.accounts(afterID: 0, limit: 2).map(\.account.id) == [ids[0], ids[1]])
        #expect(try storage.accounts(afterID: ids[1], limit: 10).map(\.account.id) == [ids[2], ids[3], next])
        #expect(try storage.accounts(afterID: next, limit: 10).isEmpty)
    }

    @Test(arguments: StoreKind.available) func aTransactionCommitsWholeOrNotAtAll(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let storage = try database.storage()
        let observer = try database.storage()
        struct Abort: Error {}
        do {
            try storage.transaction { () throws(StoreError) in
                _ = try storage.insertAccount(row("taro@example.com"))
                // Another connection does not see what is not committed.
                #expect(try observer.storedAccount(emailKey: "taro@example.com") == nil)
                throw StoreError(.database, "abort")
            }
        } catch {
            #expect(error.detail == "abort")
        }
        #expect(try storage.storedAccount(emailKey: "taro@example.com") == nil)
        #expect(!storage.isInTransaction)
        // A nested transaction that fails is undone alone; the outer one commits the rest.
        try storage.transaction { () throws(StoreError) in
            _ = try storage.insertAccount(row("outer@example.com"))
            do throws(StoreError) {
                try storage.transaction { () throws(StoreError) in
                    _ = try storage.insertAccount(row("inner@example.com"))
                    _ = try storage.insertAccount(row("outer@example.com"))  // a constraint: the inner one fails
                }
            } catch {
                #expect(error.code == .constraint)
            }
            #expect(storage.isInTransaction)
        }
        #expect(try observer.storedAccount(emailKey: "outer@example.com") != nil)
        #expect(try observer.storedAccount(emailKey: "inner@example.com") == nil)
        // A quick transaction commits like any other.
        try storage.quickTransaction { () throws(StoreError) in _ = try storage.insertAccount(row("quick@example.com")) }
        #expect(try observer.storedAccount(emailKey: "quick@example.com") != nil)
    }

    @Test(arguments: StoreKind.available) func concurrentSignUpsOfOneAddressMakeOneAccount(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        _ = try database.connect(clock: clock)  // created and migrated once, as a server's start does
        let settings = try Authenticator.Settings(hasher: fastHasher)
        let outcomes = Outcomes<Result<Account, AuthFailure>>()
        runTogether(6) { index in
            guard let store = try? database.connect(clock: self.clock) else { return }
            outcomes.append(
                Authenticator(store: store, settings: settings).signUp(email: "Taro@example.com", displayName: "T", nameKey: "t", password: "p\(index)").created)
        }
        let all = outcomes.all
        #expect(all.count == 6)
        #expect(all.filter { if case .success = $0 { true } else { false } }.count == 1)
        #expect(all.filter { $0 == .failure(.emailAlreadyInUse) }.count == 5)
        #expect(try database.storage().accounts(afterID: 0, limit: 10).count == 1)
    }

    @Test(arguments: StoreKind.available) func schemaVersionAndSecrets(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let first = try database.connect(clock: self.clock)
        #expect(try first.schemaVersion() >= 1)
        let secret = try first.secret(named: "csrf")
        #expect(secret.count == 32)
        // Every connection, and a connection opened later, reads the same value.
        let second = try database.connect(clock: self.clock)
        #expect(try second.secret(named: "csrf") == secret)
        #expect(try second.secret(named: "limits") != secret)
        // A stored value of the wrong size stops the caller instead of weakening a key.
        #expect(throws: StoreError.self) { _ = try second.secret(named: "csrf", length: 16) }
        // Racing first uses store one value (of a database already created).
        let seen = Outcomes<[UInt8]>()
        runTogether(6) { _ in
            if let value = try? database.connect(clock: self.clock).secret(named: "race") { seen.append(value) }
        }
        #expect(seen.all.count == 6 && Set(seen.all).count == 1)
    }
}
