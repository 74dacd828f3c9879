import Foundation
import GenkanJSON
@testable import GenkanStore
import GenkanValidation
import Testing
@testable import GenkanServer

/// `AccountFile.read`: the file read once, its users' members read and the rules run on other
/// threads a chunk at a time, taken back in the file's order — so what stops a file is the first
/// thing in it that does, however the chunks finished — and handed on in batches as they are
/// read; `AccountImport` writing those batches in one transaction that a later failure undoes.
@Suite struct AccountFileReadingTests {
    let directory = NSTemporaryDirectory() + "genkan-reading-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// A file of `count` users u0, u1, …, with `change` applied to each user's JSON.
    func file(_ count: Int, _ change: (Int, String) -> String = { $1 }) throws -> AccountFile {
        let path = directory + "/users-\(UUID().uuidString).json"
        let users = (0..<count).map { change($0, ExportFileReaderTests.user("u\($0)")) }
        try ExportFileReaderTests.firebaseToolsJSON(users).write(toFile: path, atomically: true, encoding: .utf8)
        let options = PasswordHashOptions(
            algorithm: "SCRYPT", key: Base64.decode("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="),
            saltSeparator: [7], rounds: 8, memoryCost: 14)
        return AccountFile(path: path, format: .json, hashOptions: options, providers: [:], rules: ValidationViewModel())
    }

    func failure(_ file: AccountFile) -> String? {
        do throws(AccountFile.Failure) {
            _ = try file.read()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyUserIsHeldInOrderWithPerUserRefusals() throws {
        let read = try file(2000) { index, user in
            switch index {
            case 700: user.replacingOccurrences(of: "u700@example.com", with: "u3@EXAMPLE.com")
            case 1500: user.replacingOccurrences(of: "u1500@example.com", with: "not an address")
            default: user
            }
        }.read()
        #expect(read.check.users == 2000)
        #expect(read.accounts.map(\.index) == (0..<2000).filter { $0 != 700 && $0 != 1500 })
        #expect(read.refused == [700: "the address of user 4 in this file", 1500: "email is invalid"])
    }

    /// The first failure in the file is the one reported, whichever thread found it: a uid given
    /// twice (found in order), a user that is not well formed (found by the stage), JSON that is
    /// not JSON (found by the reading thread), past several chunks.
    @Test func theFirstFailureInTheFileStopsIt() throws {
        let duplicate = try file(2000) { index, user in
            index == 1200 ? user.replacingOccurrences(of: "\"u1200\"", with: "\"u9\"") : index == 1900 ? user.replacingOccurrences(of: "true", with: "1") : user
        }
        #expect(failure(duplicate)?.contains("user 1201 has the uid of user 10 (u9)") == true, "\(failure(duplicate) ?? "")")
        let malformed = try file(2000) { index, user in
            index == 1300 ? user.replacingOccurrences(of: "true", with: "1") : index == 1900 ? user.replacingOccurrences(of: "\"u1900\"", with: "\"u9\"") : user
        }
        #expect(failure(malformed)?.contains("user 1301: \"emailVerified\" is not true or false") == true, "\(failure(malformed) ?? "")")
        let beforeBrokenJSON = try file(2000) { index, user in
            index == 1000 ? user.replacingOccurrences(of: "true", with: "1") : index == 1999 ? user + " x" : user
        }
        #expect(failure(beforeBrokenJSON)?.contains("user 1001:") == true, "\(failure(beforeBrokenJSON) ?? "")")
        let brokenJSON = try file(2000) { index, user in index == 1999 ? user + " x" : user }
        #expect(failure(brokenJSON)?.contains("user 1001") == false && failure(brokenJSON) != nil)
    }

    /// The users are handed on as they are read, a batch at a time in the file's order, the
    /// refused ones left out; a failure later in the file is still found after batches went (how
    /// many went depends on the threads: never one past the failure's chunk).
    @Test func usersAreHandedOnInBatchesAsTheyAreRead() throws {
        let large = try file(1000) { index, user in
            index == 900 ? user.replacingOccurrences(of: "u900@example.com", with: "u5@example.com") : user
        }
        var batches: [[Int]] = []
        let read = try large.read(batchSize: 300, deliver: { batches.append($0.map(\.index)) })
        #expect(batches.map(\.count) == [300, 300, 300, 99] && batches.joined().elementsEqual((0..<1000).filter { $0 != 900 }))
        #expect(read.accounts.isEmpty && read.check.users == 1000 && read.refused == [900: "the address of user 6 in this file"])

        let lateDuplicate = try file(1000) { index, user in index == 950 ? user.replacingOccurrences(of: "\"u950\"", with: "\"u2\"") : user }
        var handedOn = 0
        do throws(AccountFile.Failure) {
            _ = try lateDuplicate.read(batchSize: 300, deliver: { handedOn += $0.count })
            Issue.record("a uid given twice must stop the file")
        } catch {
            #expect(error.description.contains("user 951 has the uid of user 3 (u2)") && handedOn <= 900, "\(handedOn)")
        }
    }

    /// An import into a real database: a file whose last user is malformed leaves nothing behind,
    /// though its first users were written before the failure was read; the same file mended is
    /// imported whole, then a second time imports nothing.
    @Test func aFileFoundMalformedLateImportsNothing() throws {
        let database = directory + "/import.sqlite"
        let core = try Authenticator(store: AccountStore(location: .sqlite(path: database)))
        let broken = try file(5000) { index, user in index == 4999 ? user.replacingOccurrences(of: "true", with: "1") : user }
        do throws(AccountImport.Failure) {
            _ = try AccountImport.run(broken, into: core)
            Issue.record("a malformed user must stop the import")
        } catch {
            #expect(error.description.contains("user 5000: \"emailVerified\" is not true or false"), "\(error)")
        }
        #expect(try core.store.storage.accounts(afterID: 0, limit: 10).isEmpty)
        #expect(try core.store.events().isEmpty)

        let whole = try AccountImport.run(try file(5000), into: core)
        #expect(whole.imported == 5000 && whole.alreadyPresent == 0 && whole.refused.isEmpty && whole.check.users == 5000)
        #expect(try core.store.storage.accounts(afterID: 0, limit: 10_000).count == 5000)
        let again = try AccountImport.run(try file(5000), into: core)
        #expect(again.imported == 0 && again.alreadyPresent == 5000)
    }
}
