import Foundation
import Testing
@testable import GenkanStore

@Suite struct PasswordHasherTests {
    @Test func hashesWithArgon2idAtOWASPParameters() throws {
        let hash = try PasswordHasher.owaspMinimum.hash("correct horse battery staple")
        #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(PasswordHasher.owaspMinimum.verify("correct horse battery staple", against: hash))
        #expect(!PasswordHasher.owaspMinimum.verify("correct horse battery stapler", against: hash))
        #expect(!PasswordHasher.owaspMinimum.needsRehash(hash))
    }

    @Test func twoHashesOfOnePasswordDifferBySalt() throws {
        let a = try fastHasher.hash("same"), b = try fastHasher.hash("same")
        #expect(a != b)
    }

    /// The reference implementation (the `argon2` command of the Argon2 authors, Debian package
    /// `argon2`) hashes with a known salt; Genkan must accept its output.
    @Test func verifiesTheReferenceImplementationsHash() throws {
        let reference = try run(
            "argon2", ["somesaltsomesalt", "-id", "-t", "2", "-k", "19456", "-p", "1", "-e"], input: "correct horse")
        #expect(reference.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$"))
        #expect(PasswordHasher.owaspMinimum.verify("correct horse", against: reference))
        #expect(!PasswordHasher.owaspMinimum.verify("correct horsE", against: reference))
        #expect(!PasswordHasher.owaspMinimum.needsRehash(reference))
    }

    @Test func olderParametersNeedARehash() throws {
        let old = try fastHasher.hash("pw")
        #expect(PasswordHasher.owaspMinimum.needsRehash(old))
        #expect(PasswordHasher.owaspMinimum.needsRehash("not a hash"))
    }

    @Test(arguments: ["", "not a hash", "$argon2id$v=19$m=19456,t=2,p=1$", String(repeating: "$", count: 500)])
    func malformedHashesNeverVerify(hash: String) {
        #expect(!PasswordHasher.owaspMinimum.verify("", against: hash))
        #expect(!PasswordHasher.owaspMinimum.verify("pw", against: hash))
    }

    @Test func unicodePasswordsHashTheirUTF8() throws {
        let hash = try fastHasher.hash("パスワード🔑")
        #expect(fastHasher.verify("パスワード🔑", against: hash))
        #expect(!fastHasher.verify("パスワード", against: hash))
    }
}
