import Foundation
import GenkanJSON
import GenkanStore
import GenkanValidation
import Testing
@testable import GenkanServer

/// `AccountFile.read`: the file read once, its users' members read and the rules run on other
/// threads a chunk at a time, taken back in the file's order — so what stops a file is the first
/// thing in it that does, however the chunks finished, and a file larger than what is held is
/// still checked to its end.
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

    func failure(_ file: AccountFile, holding limit: Int = AccountFile.heldUsers) -> String? {
        do throws(AccountFile.Failure) {
            _ = try file.read(holding: limit)
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
        #expect(read.check.users == 2000 && read.resumeAt == nil)
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

    /// Past the users held, the file is still checked to its end, and the import reads the rest
    /// again: every user imported once, an address taken by a held user refused later.
    @Test func aFileLargerThanWhatIsHeldIsCheckedWholeAndReadAgain() throws {
        let large = try file(1000) { index, user in
            index == 900 ? user.replacingOccurrences(of: "u900@example.com", with: "u5@example.com") : user
        }
        let read = try large.read(holding: 300)
        #expect(read.resumeAt == 300 && read.accounts.count == 300 && read.check.users == 1000)
        let result = try AccountImport.run(read, of: large, into: nil)
        #expect(result.imported == 999 && result.refused == [900: "the address of user 6 in this file"])

        let lateDuplicate = try file(1000) { index, user in index == 950 ? user.replacingOccurrences(of: "\"u950\"", with: "\"u2\"") : user }
        #expect(failure(lateDuplicate, holding: 300)?.contains("user 951 has the uid of user 3 (u2)") == true)
    }
}
