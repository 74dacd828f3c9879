import Foundation
import Testing
@testable import GenkanStore
import GenkanSQL

/// The one list of migrations: the shipped ones never change, and a step written once with the
/// dialect's words (`Schema.Step.ddl`) makes the same rules on every engine.
@Suite struct SchemaStepTests {
    /// SHA-256 of each shipped migration's SQL per engine (its steps joined by a line break),
    /// computed from the two lists this one replaced (migration 7 from the
    /// two files each engine had shipped it in); nil where an engine has none. A database created
    /// at an older version must be the database these statements made, so editing one is a bug:
    /// append a migration instead.
    static let shipped: [(sqlite: String, postgresql: String?)] = [
        ("7f07aff51f4498ae9426cf5f450afa2de4257d7de8eef75a3a10eb9cce7af004", nil),
        ("de957da48643f865ecbe988f48b00952497f24a9163a90251f46c25570194498", "700d0fb0b27127a4414dbd49de416c417ad1940be4290fd762da2664683ba17b"),
        ("5ae101c25146da27c2b9ef1de1dc0f93159f5b1feb2d7c2e7ee4eded04f15955", "5ae101c25146da27c2b9ef1de1dc0f93159f5b1feb2d7c2e7ee4eded04f15955"),
        ("50ac5e717eac1fde2ad604e2a2519835abfd0bea4363e31d14240ca6d5bd100c", "10fdd62a2e5462fe484bd6e59b03298169f3cde467feef90946ec02e7263e8ff"),
        ("722e0023e61367350b0de7f04622d6d9894db947614d2a889c1e1bd0bc333960", "c73cf0ac8366e94a3fd381731c3876c1993e80cc37a3528a05667cf14faed183"),
        ("5e4b50b69f842111be8d07eedd4dddc05ad71e4f92861434d49f1481d942ca83", "52c2b533328079f1559e90a7f9933efe4939387c946c0f6b65216389cf92d8f5"),
        ("03467c4e67dababfa930673d4aa4e089a5dc92838a82945511b9b464ec04158c", "6a00ab9df42fea56714f240d1f64d1ce47f660239cbc3cf2d64768e927216285"),
        ("278e17a43ffd371d9ab93ffb599125e4106cb0db9ac6d03ebba08ebb962e1009", "69b7f4f6d879c5b47c39c6f38f62f9df90f1a9a8b37150a2fe8991094f78ce66"),
        ("1c6b50c95806620960181412e99b9249e6feef5edf7932c6e49e51f8aad9ae7a", "7f80788482e2acac0d8226f68c2f3dd55fb2a958e021dee66b03ae3946a9b05a"),
    ]

    @Test func shippedMigrationsKeepTheirSQL() throws {
        #expect(Schema.migrations.count >= Self.shipped.count)
        for (index, expected) in Self.shipped.enumerated() {
            for (dialect, digest) in [(SQLDialect.sqlite, expected.sqlite), (.postgresql, expected.postgresql)] {
                let sql = Schema.migrations[index].compactMap { $0.sql(for: dialect) }
                #expect(sql.isEmpty == (digest == nil), "migration \(index + 1) on \(dialect)")
                guard let digest else { continue }
                let actual = try run("sha256sum", [], input: sql.joined(separator: "\n")).prefix(64)
                #expect(actual == digest, "migration \(index + 1) on \(dialect) was edited; append a new one instead")
            }
        }
    }

    /// A table made by one `.ddl` step: the types hold what they should and refuse what they
    /// should, an id is never given twice, a byte-length CHECK counts UTF-8 bytes.
    @Test(arguments: StoreKind.available)
    func oneDDLStepMakesTheSameRulesEverywhere(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try #require(try database.storage() as? SQLStore)
        let step = Schema.Step.ddl { dialect in
            """
            CREATE TABLE ddl_words (
                id \(dialect.neverReusedID),
                count \(dialect.integer) NOT NULL,
                level \(dialect.real),
                bytes \(dialect.blob),
                label TEXT CHECK (\(dialect.byteLength("label")) <= 4)
            )\(dialect.tableOptions);
            """
        }
        try store.connection.runScript(try #require(step.sql(for: store.dialect)))
        let insert = "INSERT INTO ddl_words (count, level, bytes, label) VALUES (?, ?, ?, ?) RETURNING id"
        let first = try store.insertedID(insert, [.integer(Int64.max), .double(0.25), .blob([0, 255]), .text("éé")])
        let second = try store.insertedID(insert, [.integer(-1), .null, .blob([]), .text("abcd")])
        try store.changes("DELETE FROM ddl_words WHERE id = ?", .integer(second))
        let third = try store.insertedID(insert, [.integer(0), .null, .null, .null])
        #expect(first < second && second < third)
        let row = try store.firstRow("SELECT count, level, bytes, label FROM ddl_words WHERE id = ?", .integer(first)) {
            [$0.value(0), $0.value(1), $0.value(2), $0.value(3)]
        }
        #expect(row == [.integer(Int64.max), .double(0.25), .blob([0, 255]), .text("éé")])
        // Five bytes in three characters; text where a number goes; no count.
        for values: [StoreValue] in [
            [.integer(1), .null, .null, .text("aéé")], [.text("x"), .null, .null, .null], [.null, .null, .null, .null],
        ] {
            #expect(throws: StoreError.self, "\(values)") { _ = try store.insertedID(insert, values) }
        }
    }
}
