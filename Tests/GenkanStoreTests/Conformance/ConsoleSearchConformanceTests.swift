import Testing
@testable import GenkanStore

/// The console's reads on every store: the search by address prefix, uid or name key, newest
/// first and paged, and the counts; the substr comparisons read alike on SQLite and PostgreSQL.
@Suite struct ConsoleSearchConformanceTests {
    @Test(arguments: StoreKind.available) func searchAndCounts(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: ManualClock())
        let core = try Authenticator(store: store)
        var made: [Account] = []
        for (email, name, key) in [("taro@example.com", "Taro", "taro"), ("tanaka@example.jp", "田中", "田中"), ("Étienne@example.fr", "Étienne", "étienne")] {
            made.append(try store.createAccount(NewAccount(email: email, displayName: name, nameKey: key, passwordHash: "$x")))
        }
        try store.setDisabled(accountID: made[1].id, true)
        _ = try store.grantAdministrator(email: "taro@example.com")
        #expect(try core.accountCounts() == AccountCounts(total: 3, disabled: 1, unverified: 3, administrators: 1))
        func uids(_ text: String, nameKey: String? = nil, before: Int64? = nil, limit: Int = 10) throws -> [String] {
            try core.searchAccounts(text, nameKey: nameKey, beforeID: before, limit: limit).map(\.account.uid)
        }
        #expect(try uids("") == made.reversed().map(\.uid))
        #expect(try uids("TA") == [made[1].uid, made[0].uid])
        #expect(try uids("taro@") == [made[0].uid])
        #expect(try uids("étienne@EX") == [made[2].uid])
        #expect(try uids(made[1].uid) == [made[1].uid])
        #expect(try uids("田", nameKey: "田") == [made[1].uid])
        #expect(try uids("nobody") == [])
        // Paged: newest first, then below the last one shown.
        #expect(try uids("", limit: 2) == [made[2].uid, made[1].uid])
        #expect(try uids("", before: made[1].id, limit: 2) == [made[0].uid])
        // A prefix with SQL's wildcards is text, not a pattern.
        #expect(try uids("t%") == [] && uids("_a") == [])
        _ = database
    }
}
