import Testing
@testable import GenkanStore

/// What every `Storage` must do with `reading`: give the body's value or its error, leave no
/// transaction open, and see the writes of a transaction it runs inside.
@Suite struct ReadingConformanceTests {
    let clock = ManualClock()

    static func taro() -> NewAccount {
        NewAccount(email: "taro@example.com", displayName: "Taro", nameKey: "taro", passwordHash: "$x")
    }

    @Test(arguments: StoreKind.available) func readingGivesTheBodysValueOrErrorAndLeavesNoTransaction(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try store.createAccount(Self.taro())
        let found = try store.storage.reading { () throws(StoreError) in try store.storage.storedAccount(uid: taro.uid) }
        #expect(found?.account.id == taro.id)
        #expect(!store.storage.isInTransaction)
        #expect(throws: StoreError.self) {
            try store.storage.reading { () throws(StoreError) -> Int in throw StoreError(.database, "on purpose") }
        }
        #expect(!store.storage.isInTransaction)
        // The connection is usable afterwards: a write transaction begins and commits.
        _ = try store.storage.transaction { () throws(StoreError) in try store.storage.setLastLogin(accountID: taro.id, 5) }
        #expect(try store.storage.storedAccount(id: taro.id)?.profile.lastLoginAt == 5)
    }

    @Test(arguments: StoreKind.available) func readingInsideATransactionSeesItsWrites(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let uid = try store.storage.transaction { () throws(StoreError) -> String? in
            let taro = try store.createAccount(Self.taro())
            let found = try store.storage.reading { () throws(StoreError) in try store.storage.storedAccount(uid: taro.uid) }
            #expect(store.storage.isInTransaction)
            return found?.account.uid
        }
        #expect(uid != nil)
        #expect(try store.profile(uid: uid ?? "") != nil)
    }

    /// SQLite reads in one snapshot: a commit on another connection in between is not seen (this
    /// is what saves its second lock of the log's index).
    @Test func sqliteReadsInOneSnapshot() throws {
        let database = try StoreKind.sqlite.freshDatabase()
        let reader = try database.connect(clock: clock)
        let writer = try database.connect(clock: clock)
        let taro = try writer.createAccount(Self.taro())
        let (before, after) = try reader.storage.reading { () throws(StoreError) in
            let before = try reader.storage.storedAccount(uid: taro.uid)?.profile.lastLoginAt
            try writer.recordLogin(accountID: taro.id)
            return (before, try reader.storage.storedAccount(uid: taro.uid)?.profile.lastLoginAt)
        }
        #expect(before == nil && after == nil)
        #expect(try reader.storage.storedAccount(uid: taro.uid)?.profile.lastLoginAt == clock.now)
    }
}
