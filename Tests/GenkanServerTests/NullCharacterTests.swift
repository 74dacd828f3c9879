import Foundation
import GenkanServer
@testable import GenkanStore
import Testing
@testable import GenkanHTTP
import GenkanHTTPTesting

/// U+0000 is refused where input enters, on every store alike: PostgreSQL cannot keep it in text
/// (SQLSTATE 22021), and no field means it. A form shows itself again with the encoding message
/// (422), the API answers `INVALID_ARGUMENT` (400); nothing reaches the store, nothing is a 500.
@Suite struct NullCharacterTests {
    static var stores: [String] {
        ["sqlite"] + (testPostgresServer == nil ? [] : ["postgresql"])
    }

    @Test(arguments: stores) func aNullCharacterIsRefusedAtTheDoor(store: String) async throws {
        let database = store == "postgresql" ? try PostgresOutageTests.Database() : nil
        let fixture = try SiteFixture { configuration, _ in
            if let database { configuration.database = .postgresql(url: database.url) }
            configuration.firebaseProject = "demo-genkan"
        }
        let client = fixture.client()
        #expect(try await client.submit("/signup", taro).status == 303)
        let page = try await client.get("/account/name")
        let renamed = try await client.send(
            "POST", "/account/name", body: Data("csrf=\(page.csrf ?? "")&name=Ta%00ro".utf8))
        #expect(renamed.status == 422, "\(renamed.status)")
        #expect(renamed.body.contains("error-summary"))
        let signIn = try await client.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
            body: Data(#"{"email":"taro@example.com","password":"correct horse battery","returnSecureToken":true}"#.utf8),
            headers: ["Content-Type": "application/json"])
        let token = try #require(SiteClient.firstMatch(#""idToken":"([^"]+)""#, in: signIn.body))
        let update = try await client.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:update?key=k",
            body: Data(#"{"idToken":"\#(token)","photoUrl":"https://example.com/a\u0000.png","displayName":"Taro"}"#.utf8),
            headers: ["Content-Type": "application/json"])
        #expect(update.status == 400 && update.body.contains("INVALID_ARGUMENT : 'photoUrl' contains U+0000"), "\(update.body)")
        // Nothing changed, and the account still works.
        #expect(try await client.get("/account").body.contains("タロウ Yamada"))  // RFC 8266 width mapping
    }
}
