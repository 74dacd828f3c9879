import Foundation
import GenkanHTTPTesting
import GenkanJSON
import Testing
@testable import GenkanHTTP
@testable import GenkanServer
@testable import GenkanStore

/// `accounts:batchCreate` as the Admin SDKs call it: per-user errors with their index, the others
/// imported; a malformed call refused whole with nothing imported; never an overwrite; a sign-in
/// with an imported hash through the API and the page, leaving Argon2id behind.
@Suite struct BatchCreateTests {
    static let path = "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts:batchCreate"
    static let owner = ["authorization": "Bearer owner"]
    /// A case of the store tests' golden hashes (`imported-hashes.json`, made by hashlib and friends).
    static func fixture(_ name: String) throws -> (hash: String, salt: String, password: String, wrong: String, options: [String: Any]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "GenkanStoreTests/Fixtures/imported-hashes.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let cases = document["cases"] as! [[String: Any]]
        let found = try #require(cases.first { $0["name"] as? String == name })
        return (found["passwordHash"] as! String, found["salt"] as! String, found["password"] as! String, found["wrongPassword"] as! String,
                found["options"] as! [String: Any])
    }

    func batchCreate(_ api: FirebaseClient, _ body: [String: Any]) async -> FirebaseClient.Answer {
        await api.call(Self.path, body, headers: Self.owner)
    }

    @Test func importsWithPerUserErrorsAndSignsInWithTheImportedHash() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        _ = await api.signUp("taken@example.com")
        let sha = try Self.fixture("SHA256 1 rounds")
        var body = sha.options
        body["users"] = [
            ["localId": "u-0", "email": "imported@example.com", "passwordHash": sha.hash, "salt": sha.salt, "emailVerified": true,
             "displayName": "Imported", "createdAt": "1600000000000", "customAttributes": "{\"plan\":\"gold\"}",
             "providerUserInfo": [["providerId": "google.com", "rawId": "g-0", "email": "imported@gmail.com"]]],
            ["localId": "u-1", "email": "not an address"],
            ["localId": "u-2", "email": "TAKEN@example.com"],
            ["localId": "u-3", "email": "second@example.com", "customAttributes": "{\"sub\":\"x\"}"],
            ["localId": "u-4", "passwordHash": Base64.encode([1, 2, 3])],
            ["localId": "u-5", "providerUserInfo": [["providerId": "google.com", "rawId": "g-0"]]],
        ]
        let answer = await batchCreate(api, body)
        #expect(answer.status == 200, "\(answer.body)")
        let errors = try #require(answer["error"] as? [[String: Any]])
        #expect(errors.map { $0["index"] as? Int } == [1, 2, 3, 4, 5])
        #expect(errors.map { $0["message"] as? String } == [
            "email is invalid", "email exists in other account in database", "Custom claims provided include a reserved claim.",
            "A SHA256 password hash has 32 bytes, not 3.", "raw id exists in other account in database",
        ])
        // The Admin SDK's lookup sees the imported user.
        let looked = await api.call("/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts:lookup", ["localId": ["u-0"]], headers: Self.owner)
        let user = try #require((looked["users"] as? [[String: Any]])?.first)
        #expect(user["email"] as? String == "imported@example.com" && user["emailVerified"] as? Bool == true)
        #expect(user["createdAt"] as? String == "1600000000000" && user["customAttributes"] as? String == "{\"plan\":\"gold\"}")

        // A wrong password is refused as any; the right one signs in, and the hash is Argon2id after.
        #expect(await api.signIn("imported@example.com", password: sha.wrong).error == "INVALID_LOGIN_CREDENTIALS")
        #expect(try fixture.storedHash(uid: "u-0")?.hasPrefix("$sha256$") == true)
        let signedIn = await api.signIn("imported@example.com", password: sha.password)
        #expect(signedIn.status == 200 && signedIn.string("localId") == "u-0")
        #expect(try fixture.storedHash(uid: "u-0")?.hasPrefix("$argon2id$") == true)

        // A second call with the same users overwrites nothing.
        let again = await batchCreate(api, body)
        let messages = (again["error"] as? [[String: Any]])?.map { $0["message"] as? String }
        #expect(messages?.first == "localId belongs to an existing account - can not overwrite.")
        #expect(try fixture.storedHash(uid: "u-0")?.hasPrefix("$argon2id$") == true)
    }

    @Test func theSignInPageTakesAnImportedHash() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let md5 = try Self.fixture("MD5 as hexadecimal digits")
        var body = md5.options
        body["users"] = [["localId": "page", "email": "page@example.com", "passwordHash": md5.hash, "salt": md5.salt]]
        #expect((await batchCreate(api, body)["error"] as? [Any])?.isEmpty == true)
        let browser = fixture.client()
        #expect(await browser.submit("/signin", [("email", "page@example.com"), ("password", md5.wrong)]).status == 422)
        let page = await browser.submit("/signin", [("email", "page@example.com"), ("password", md5.password)])
        #expect(page.status == 303 && page.header("Location") == "/account")
        #expect(try fixture.storedHash(uid: "page")?.hasPrefix("$argon2id$") == true)
    }

    @Test func malformedCallsImportNothing() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let good: [String: Any] = ["localId": "good", "email": "good@example.com"]
        let cases: [([String: Any], String)] = [
            ([:], "MISSING_USER_ACCOUNT"),
            (["users": []], "MISSING_USER_ACCOUNT"),
            (["users": (0...1000).map { ["localId": "u\($0)"] }], "INVALID_ARGUMENT : Up to 1000 users"),
            (["users": [good, ["localId": "twice"], ["localId": "twice"]]], "DUPLICATE_LOCAL_ID : twice"),
            (["users": [good, ["localId": "x", "passwordHash": "not base64!"]], "hashAlgorithm": "MD5", "rounds": 0],
             "INVALID_ARGUMENT : Invalid JSON payload received. Invalid value at 'users[1]': \"passwordHash\" is not base64."),
            (["users": [good, ["localId": "x", "emailVerified": "yes"]]], "INVALID_ARGUMENT : Invalid JSON payload received. Invalid value at 'users[1]'"),
            (["users": [good, ["localId": "x", "passwordHash": "AAAA"]]], "MISSING_HASH_ALGORITHM"),
            (["users": [good], "hashAlgorithm": "ARGON2"], "INVALID_HASH_ALGORITHM"),
            (["users": [good], "hashAlgorithm": "SCRYPT", "rounds": 8, "memoryCost": 14], "INVALID_HASH_KEY"),
            (["users": [good], "hashAlgorithm": "SCRYPT", "signerKey": "AAAA", "rounds": 9, "memoryCost": 14], "INVALID_HASH_ROUNDS"),
            (["users": [good], "hashAlgorithm": "SCRYPT", "signerKey": "AAAA", "rounds": 8, "memoryCost": 15], "INVALID_HASH_MEMORY_COST"),
            (["users": [good], "hashAlgorithm": "HMAC_SHA256", "signerKey": "-/8="], "INVALID_HASH_KEY"),
            (["users": [good], "hashAlgorithm": "STANDARD_SCRYPT", "cpuMemCost": 1000, "blockSize": 8, "parallelization": 1, "dkLen": 64],
             "INVALID_HASH_MEMORY_COST"),
        ]
        for (body, error) in cases {
            let answer = await batchCreate(api, body)
            #expect(answer.status == 400, "\(body.keys.sorted()): \(answer.body)")
            #expect(answer.error?.hasPrefix(error) == true, "\(answer.error ?? answer.body) for \(error)")
        }
        #expect(try fixture.storedHash(uid: "good") == nil && (try fixture.store().storage.accounts(afterID: 0, limit: 10)).isEmpty)
    }

    @Test func needsTheOwner() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let answer = await api.call(Self.path, ["users": [["localId": "u"]]])
        #expect(answer.status == 401 || answer.status == 403)
        #expect(try fixture.store().storage.accounts(afterID: 0, limit: 10).isEmpty)
    }
}

extension AppFixture {
    /// A connection of its own to the site's database.
    func store() throws -> AccountStore { try AccountStore(location: configuration.database) }

    /// The stored password hash of the account with `uid` (nil when there is none).
    func storedHash(uid: String) throws -> String? {
        try store().storage.storedAccount(uid: uid)?.passwordHash
    }
}
