import GenkanJSON
import GenkanStore
import GenkanValidation
import Testing

@testable import GenkanServer

/// One user of an export file or a `batchCreate` call read into an account to import: every field,
/// and which problems refuse the whole file or call and which only that user.
@Suite struct FirebaseUserRecordTests {
    static let scrypt = try! PasswordHashOptions(
        algorithm: "SCRYPT", key: Base64.decode("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="),
        saltSeparator: [7], rounds: 8, memoryCost: 14
    ).scheme().get()

    static func reader(_ source: FirebaseUserRecord.Source = .exportFile, scheme: ImportedHashScheme? = scrypt) -> FirebaseUserRecord {
        FirebaseUserRecord(
            source: source, input: FirebaseInput(rules: ValidationViewModel()), scheme: scheme, saltSeparator: [7],
            providers: ["oidc.corp": ("corp", "https://id.corp.example")])
    }

    static func read(_ json: String, _ source: FirebaseUserRecord.Source = .exportFile, scheme: ImportedHashScheme? = scrypt)
        -> Result<FirebaseUserRecord.Read, FirebaseUserRecord.Failure>
    {
        reader(source, scheme: scheme).read(try! JSONReader.parse(json))
    }

    @Test func readsEveryFieldOfAnExportedUser() throws {
        let read = try Self.read(
            """
            {"localId": "uid-1", "email": "Taro@Example.COM", "emailVerified": true,
             "passwordHash": "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
             "salt": "42xEC+ixf3L2lw==", "displayName": "Taro", "photoUrl": "https://example.com/t.png",
             "createdAt": "1600000000123", "lastSignedInAt": "1700000000999", "disabled": true,
             "customAttributes": "{\\"role\\":\\"admin\\"}", "phoneNumber": "+81312345678", "mfaInfo": [{"phoneInfo": "+81312345678"}],
             "providerUserInfo": [
               {"providerId": "google.com", "rawId": "g-1", "email": "taro@gmail.com"},
               {"providerId": "facebook.com", "rawId": "f-1"},
               {"providerId": "oidc.corp", "rawId": "c-1"},
               {"providerId": "password", "rawId": "Taro@Example.COM"}]}
            """
        ).get()
        let account = read.account
        #expect(account.uid == "uid-1")
        #expect(account.email == "Taro@example.com")
        #expect(account.emailVerified && account.disabled)
        #expect(account.displayName == "Taro")
        #expect(account.photoURL == "https://example.com/t.png")
        #expect(account.createdAt == 1_600_000_000)
        #expect(account.lastSignInAt == 1_700_000_000)
        #expect(account.customClaims == "{\"role\":\"admin\"}")
        #expect(account.identities == [
            ImportedAccount.Identity(provider: "google", issuer: "https://accounts.google.com", subject: "g-1", email: "taro@gmail.com"),
            ImportedAccount.Identity(provider: "corp", issuer: "https://id.corp.example", subject: "c-1", email: nil),
        ])
        #expect(read.dropped.sorted() == ["identity at facebook.com", "phone number", "second factors"])
        guard case .imported(let hash) = account.password else {
            Issue.record("no imported hash")
            return
        }
        // The separator is part of the salt the hash is checked with.
        #expect(hash.salt == Base64.decode("42xEC+ixf3L2lw==")! + [7])
    }

    @Test func readsTheAPIsNamesAndNumbers() throws {
        let account = try Self.read("{\"localId\": \"u\", \"lastLoginAt\": 1700000000000, \"createdAt\": 1600000000000}", .api).get().account
        #expect(account.lastSignInAt == 1_700_000_000)
        #expect(account.createdAt == 1_600_000_000)
        #expect(account.password == nil)
    }

    @Test(arguments: [
        ("{\"localId\": \"u\", \"unknown\": 1}", "unknown name"),
        ("{\"localId\": \"u\", \"lastLoginAt\": \"1\"}", "unknown name"),  // the file's name is lastSignedInAt
        ("{\"localId\": 12}", "not a string"),
        ("{\"localId\": \"u\", \"emailVerified\": \"true\"}", "true or false"),
        ("{\"localId\": \"u\", \"passwordHash\": \"not base64!\"}", "not base64"),
        ("{\"localId\": \"u\", \"salt\": \"-/8=\"}", "not base64"),
        ("{\"localId\": \"u\", \"createdAt\": \"yesterday\"}", "milliseconds"),
        ("{\"localId\": \"u\", \"createdAt\": -5}", "milliseconds"),
        ("{\"localId\": \"u\", \"providerUserInfo\": {}}", "not a list"),
        ("{\"localId\": \"u\", \"providerUserInfo\": [{\"providerId\": \"google.com\", \"rawId\": \"g\", \"issuer\": \"x\"}]}", "unknown name"),
        ("[1]", "not an object"),
    ])
    func malformedRecordsRefuseTheWholeFile(_ json: String, _ message: String) {
        guard case .failure(.malformed(let found)) = Self.read(json) else {
            Issue.record("not malformed: \(json)")
            return
        }
        #expect(found.contains(message), "\(found)")
    }

    @Test(arguments: [
        ("{\"email\": \"a@example.com\"}", "localId is missing"),
        ("{\"localId\": \"\(String(repeating: "x", count: 129))\"}", "localId must be"),
        ("{\"localId\": \"u\", \"email\": \"not an address\"}", "email is invalid"),
        ("{\"localId\": \"u\", \"photoUrl\": \"https://example.com/\(String(repeating: "p", count: 2048))\"}", "photoUrl"),
        ("{\"localId\": \"u\", \"customAttributes\": \"[1]\"}", "Invalid custom claims provided."),
        ("{\"localId\": \"u\", \"customAttributes\": \"{\\\"sub\\\": 1}\"}", "Custom claims provided include a reserved claim."),
        ("{\"localId\": \"u\", \"customAttributes\": \"{\\\"a\\\": \\\"\(String(repeating: "x", count: 1000))\\\"}\"}",
         "Custom claims provided are too large."),
        ("{\"localId\": \"u\", \"passwordHash\": \"AAAA\", \"salt\": \"AAAA\"}", "has as many bytes as the signer key"),
        ("{\"localId\": \"u\", \"salt\": \"AAAA\"}", "without a password hash"),
        ("{\"localId\": \"u\", \"providerUserInfo\": [{\"providerId\": \"google.com\"}]}", "rawId"),
    ])
    func invalidRecordsRefuseOnlyTheirUser(_ json: String, _ message: String) {
        guard case .failure(.refused(let found)) = Self.read(json) else {
            Issue.record("not refused alone: \(json)")
            return
        }
        #expect(found.contains(message), "\(found)")
    }

    @Test func aHashWithoutAnAlgorithmStopsTheImport() {
        #expect(Self.read("{\"localId\": \"u\", \"passwordHash\": \"AAAA\"}", scheme: nil) == .failure(.missingHashAlgorithm))
        // Without a hash, no algorithm is needed.
        #expect((try? Self.read("{\"localId\": \"u\"}", scheme: nil).get()) != nil)
    }

    @Test func readsAGenkanExportsOwnHashes() throws {
        let argon2 = try PasswordHasher(operations: 2, memory: 1 << 16).hash("password")
        let imported = try ImportedPasswordHash(scheme: Self.scrypt, salt: [1, 2], hash: [UInt8](repeating: 3, count: 64)).stored
        for (stored, expected) in [(argon2, ImportedAccount.Password.argon2id(argon2)), (imported, .imported(ImportedPasswordHash(stored: imported)!))] {
            let json = "{\"localId\": \"u\", \"passwordHash\": \"\(Base64.encode(Array(stored.utf8)))\"}"
            #expect(try Self.read(json, .genkanExport, scheme: nil).get().account.password == expected)
        }
        let garbage = "{\"localId\": \"u\", \"passwordHash\": \"\(Base64.encode(Array("$argon2id$nonsense".utf8)))\"}"
        guard case .failure(.refused) = Self.read(garbage, .genkanExport, scheme: nil) else {
            Issue.record("a broken Genkan hash was accepted")
            return
        }
        let withIssuer = "{\"localId\": \"u\", \"providerUserInfo\": [{\"providerId\": \"oidc.other\", \"rawId\": \"o-1\", \"issuer\": \"https://other.example\"}]}"
        #expect(try Self.read(withIssuer, .genkanExport, scheme: nil).get().account.identities
            == [ImportedAccount.Identity(provider: "other", issuer: "https://other.example", subject: "o-1", email: nil)])
    }
}
