import GenkanJSON
import GenkanStore
import GenkanTestSupport
import Testing

/// The verifiers of imported password hashes against hashes made by other implementations
/// (`Fixtures/imported-hashes.json`), the parameters an import may give, and the stored form.
@Suite struct ImportedPasswordHashTests {
    @Test func fixtureCoversEveryAlgorithm() {
        let algorithms = Set(ImportedHashFixture.all.map(\.options.hashAlgorithm))
        #expect(algorithms == Set(ImportedHashAlgorithm.allCases.map(\.rawValue)))
        #expect(ImportedHashFixture.all.filter { $0.published != nil }.count == 3)
    }

    @Test func fixtureIsWhatTheReferencesGiveToday() throws {
        try #require(RepositoryPaths.hasPython, "needs .venv with the reference tools: run scripts/install-deps.sh test (make test does)")
        let run = try ToolRun.python("scripts/corpus/imported_hashes.py", ["--check"])
        #expect(run.status == 0, "\(run.output)")
    }

    @Test(arguments: ImportedHashFixture.all)
    func verifiesTheRightPasswordOnly(_ fixture: ImportedHashFixture) throws {
        let hash = try fixture.imported()
        #expect(hash.verify(fixture.password))
        #expect(!hash.verify(fixture.wrongPassword))
        #expect(!hash.verify(""))
    }

    @Test(arguments: ImportedHashFixture.all)
    func storedFormReadsBackAndStillVerifies(_ fixture: ImportedHashFixture) throws {
        let hash = try fixture.imported()
        let stored = hash.stored
        #expect(!stored.hasPrefix("$argon2"))
        let read = try #require(ImportedPasswordHash(stored: stored), "\(stored)")
        #expect(read == hash)
        #expect(read.verify(fixture.password))
        #expect(ImportedPasswordHash.isImported(stored))
    }

    @Test(arguments: ImportedHashFixture.all.filter { $0.options.hashAlgorithm != "BCRYPT" })
    func aChangedHashRefusesTheRightPassword(_ fixture: ImportedHashFixture) throws {
        let hash = try fixture.imported()
        var bytes = hash.hash
        bytes[bytes.count / 2] ^= 1
        let changed = try ImportedPasswordHash(scheme: hash.scheme, salt: hash.salt, hash: bytes)
        #expect(!changed.verify(fixture.password))
        var salt = hash.salt
        salt.append(0)
        #expect(!(try ImportedPasswordHash(scheme: hash.scheme, salt: salt, hash: hash.hash)).verify(fixture.password))
    }

    @Test func bcryptRefusesAPasswordWithANulByte() throws {
        let fixture = try #require(ImportedHashFixture.all.first { $0.options.hashAlgorithm == "BCRYPT" })
        let hash = try fixture.imported()
        #expect(hash.verify(fixture.password))
        #expect(!hash.verify(fixture.password + "\u{0}trailing"))
    }

    @Test func weakAlgorithmsAreTheFastOnes() throws {
        func weak(_ options: PasswordHashOptions) throws -> Bool { try options.scheme().get().isWeak }
        #expect(try weak(PasswordHashOptions(algorithm: "MD5", rounds: 0)))
        #expect(try weak(PasswordHashOptions(algorithm: "SHA512", rounds: 8192)))
        #expect(try weak(PasswordHashOptions(algorithm: "HMAC_SHA256", key: [1])))
        #expect(try weak(PasswordHashOptions(algorithm: "PBKDF_SHA1", rounds: 1000)))
        #expect(try !weak(PasswordHashOptions(algorithm: "PBKDF2_SHA256", rounds: 100_000)))
        #expect(try !weak(PasswordHashOptions(algorithm: "BCRYPT")))
        #expect(try !weak(PasswordHashOptions(algorithm: "SCRYPT", key: [1], rounds: 8, memoryCost: 14)))
        #expect(try !weak(PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1024, parallelization: 1, blockSize: 8, derivedKeyLength: 32)))
    }

    // MARK: What an import's options may say

    @Test(arguments: [
        (PasswordHashOptions(), ImportProblem.Code.missingAlgorithm),
        (PasswordHashOptions(algorithm: ""), .missingAlgorithm),
        (PasswordHashOptions(algorithm: "ARGON2"), .invalidAlgorithm),
        (PasswordHashOptions(algorithm: "SHA384", rounds: 1), .invalidAlgorithm),
        (PasswordHashOptions(algorithm: "SCRYPT", rounds: 8, memoryCost: 14), .invalidKey),
        (PasswordHashOptions(algorithm: "SCRYPT", key: [], rounds: 8, memoryCost: 14), .invalidKey),
        (PasswordHashOptions(algorithm: "SCRYPT", key: [1], rounds: 9, memoryCost: 14), .invalidRounds),
        (PasswordHashOptions(algorithm: "SCRYPT", key: [1], rounds: 0, memoryCost: 14), .invalidRounds),
        (PasswordHashOptions(algorithm: "SCRYPT", key: [1], rounds: 8), .invalidMemoryCost),
        (PasswordHashOptions(algorithm: "SCRYPT", key: [1], rounds: 8, memoryCost: 15), .invalidMemoryCost),
        (PasswordHashOptions(algorithm: "SCRYPT", key: [1], saltSeparator: [UInt8](repeating: 7, count: 1025), rounds: 8, memoryCost: 14),
         .invalidSaltSeparator),
        (PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1000, parallelization: 1, blockSize: 8, derivedKeyLength: 64),
         .invalidMemoryCost),
        (PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1 << 20, parallelization: 1, blockSize: 8, derivedKeyLength: 64),
         .invalidMemoryCost),
        (PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1024, parallelization: 17, blockSize: 8, derivedKeyLength: 64),
         .invalidParallelization),
        (PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1024, parallelization: 1, blockSize: 0, derivedKeyLength: 64),
         .invalidBlockSize),
        (PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1024, parallelization: 1, blockSize: 8), .invalidDerivedKeyLength),
        (PasswordHashOptions(algorithm: "PBKDF2_SHA256", rounds: 120_001), .invalidRounds),
        (PasswordHashOptions(algorithm: "PBKDF_SHA1"), .invalidRounds),
        (PasswordHashOptions(algorithm: "HMAC_MD5"), .invalidKey),
        (PasswordHashOptions(algorithm: "SHA1", rounds: 0), .invalidRounds),
        (PasswordHashOptions(algorithm: "MD5", rounds: 8193), .invalidRounds),
    ])
    func refusesOptions(_ options: PasswordHashOptions, _ code: ImportProblem.Code) {
        guard case .failure(let problem) = options.scheme() else {
            Issue.record("accepted \(options)")
            return
        }
        #expect(problem.code == code, "\(problem.detail)")
        #expect(!problem.detail.isEmpty)
    }

    @Test func algorithmNamesAreReadInAnyCase() throws {
        #expect(try PasswordHashOptions(algorithm: "hmac_sha256", key: [1]).scheme().get().algorithm == .hmacSHA256)
        #expect(try PasswordHashOptions(algorithm: "Bcrypt").scheme().get() == .bcrypt)
    }

    @Test func inputOrderDefaultsDifferByFamily() throws {
        #expect(try PasswordHashOptions(algorithm: "HMAC_SHA1", key: [1]).scheme().get() == .hmac(.sha1, key: [1], order: .passwordAndSalt))
        #expect(try PasswordHashOptions(algorithm: "SHA1", rounds: 1).scheme().get() == .digest(.sha1, rounds: 1, order: .saltAndPassword))
    }

    // MARK: What one user's hash may be

    @Test func refusesHashesOfTheWrongShape() throws {
        let sha256 = try PasswordHashOptions(algorithm: "SHA256", rounds: 1).scheme().get()
        #expect(throws: ImportProblem.self) { try ImportedPasswordHash(scheme: sha256, salt: [], hash: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: ImportProblem.self) { try ImportedPasswordHash(scheme: sha256, salt: [], hash: []) }
        // Hexadecimal digits stand for the digest only for MD5.
        #expect(throws: ImportProblem.self) {
            try ImportedPasswordHash(scheme: sha256, salt: [], hash: Array(String(repeating: "ab", count: 32).utf8))
        }
        #expect(throws: ImportProblem.self) {
            try ImportedPasswordHash(scheme: sha256, salt: [UInt8](repeating: 0, count: 1025), hash: [UInt8](repeating: 1, count: 32))
        }
        let scrypt = try PasswordHashOptions(algorithm: "SCRYPT", key: [UInt8](repeating: 9, count: 64), rounds: 8, memoryCost: 14).scheme().get()
        #expect(throws: ImportProblem.self) { try ImportedPasswordHash(scheme: scrypt, salt: [1], hash: [UInt8](repeating: 1, count: 32)) }
        let standard = try PasswordHashOptions(
            algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 16, parallelization: 1, blockSize: 1, derivedKeyLength: 32
        ).scheme().get()
        #expect(throws: ImportProblem.self) { try ImportedPasswordHash(scheme: standard, salt: [1], hash: [UInt8](repeating: 1, count: 64)) }
    }

    @Test(arguments: [
        "$2b$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0",  // 59 characters
        "$2x$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01",  // $2x$: the buggy variant
        "$2b$1a$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01",
        "$2b$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0+",
        "$2b$15$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01",  // past the cost limit
        "$2b$03$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01",
        "password",
    ])
    func refusesBcryptStringsThatAreNotOne(_ text: String) {
        #expect(throws: ImportProblem.self) { try ImportedPasswordHash(scheme: .bcrypt, salt: [], hash: Array(text.utf8)) }
        #expect(ImportedPasswordHash(stored: text) == nil)
    }

    // MARK: The stored form

    @Test func storedFormsLookAsDocumented() throws {
        let key: [UInt8] = [1, 2, 3]
        func stored(_ options: PasswordHashOptions, salt: [UInt8] = [0xFF], hash: [UInt8]) throws -> String {
            try ImportedPasswordHash(scheme: options.scheme().get(), salt: salt, saltSeparator: options.saltSeparator, hash: hash).stored
        }
        #expect(try stored(PasswordHashOptions(algorithm: "SCRYPT", key: key, saltSeparator: [7], rounds: 8, memoryCost: 14), hash: [4, 5, 6])
            == "$firebase-scrypt$r=8,m=14,k=AQID$/wc$BAUG")
        #expect(try stored(PasswordHashOptions(algorithm: "STANDARD_SCRYPT", cpuMemoryCost: 1024, parallelization: 16, blockSize: 8, derivedKeyLength: 2),
                           hash: [1, 2]) == "$scrypt$ln=10,r=8,p=16$/w$AQI")
        #expect(try stored(PasswordHashOptions(algorithm: "PBKDF_SHA1", rounds: 0), salt: [], hash: [1]) == "$pbkdf2-sha1$i=0$$AQ")
        #expect(try stored(PasswordHashOptions(algorithm: "HMAC_MD5", key: key), hash: [UInt8](repeating: 0, count: 16))
            == "$hmac-md5$k=AQID,o=ps$/w$AAAAAAAAAAAAAAAAAAAAAA")
        #expect(try stored(PasswordHashOptions(algorithm: "MD5", rounds: 0), hash: Array("0123456789ABCDEF0123456789abcdef".utf8))
            == "$md5$i=0,o=sp$/w$ASNFZ4mrze8BI0VniavN7w")
    }

    @Test(arguments: [
        "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
        "",
        "$",
        "$md5$i=0,o=sp$/w$ASNFZ4mrze8BI0VniavN7w==",  // padding
        "$md5$i=0,o=sp$_w$ASNFZ4mrze8BI0VniavN7w",  // the URL-safe alphabet
        "$md5$o=sp,i=0$/w$ASNFZ4mrze8BI0VniavN7w",  // parameters in another order
        "$md5$i=00,o=sp$/w$ASNFZ4mrze8BI0VniavN7w",
        "$md5$i=0,o=sp,x=1$/w$ASNFZ4mrze8BI0VniavN7w",
        "$md5$i=0$/w$ASNFZ4mrze8BI0VniavN7w",
        "$md5$i=0,o=xx$/w$ASNFZ4mrze8BI0VniavN7w",
        "$md5$i=0,o=sp$/w$ASNFZ4mrze8BI0VniavN7w$",
        "$md5$i=0,o=sp$/w$ASNFZ4mrze8BI0VniavN",  // 15 bytes
        "$sha384$i=1,o=sp$/w$AAAA",
        "$firebase-scrypt$r=9,m=14,k=AQID$/wc$BAUG",
        "$firebase-scrypt$r=8,m=14,k=AQID$/wc$BAU",  // not the key's length
        "$scrypt$ln=20,r=8,p=16$/w$AQI",  // past the memory limit
        "$hmac-sha1$k=,o=ps$/w$AAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "$pbkdf2-sha512$i=1$/w$AQ",
    ])
    func readsOnlyItsOwnSpelling(_ text: String) {
        #expect(ImportedPasswordHash(stored: text) == nil, "\(text)")
    }

    @Test func base64ReadsBothAlphabetsWithOrWithoutPadding() {
        #expect(Base64.decode("+/8=") == [0xFB, 0xFF])
        #expect(Base64.decode("-_8=") == [0xFB, 0xFF])
        #expect(Base64.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("-/8=") == nil)  // mixed alphabets
        #expect(Base64.decode("+/9=") == nil)  // bits after the last byte
        #expect(Base64.decode("+/8==") == nil)
        #expect(Base64.decode("+/==") == nil)
        #expect(Base64.decode("+/8 ") == nil)
        #expect(Base64.decode("A") == nil)
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
        #expect(Base64.encode([0xFB, 0xFF], alphabet: .url, padded: false) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("-_8=") == nil)
    }
}
