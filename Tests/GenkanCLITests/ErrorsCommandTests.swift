import Foundation
import Testing

@Suite struct ErrorsCommandTests {
    @Test func credentialErrorsShareOneJapaneseMessage() throws {
        let result = try GenkanProcess.run(["errors", "show", "--locale", "ja", "17009", "auth/user-not-found", "INVALID_LOGIN_CREDENTIALS"])
        #expect(result.status == 0)
        let messages = result.objects.compactMap { $0["message"] as? String }
        #expect(messages.count == 3)
        #expect(Set(messages).count == 1)
        let message = try #require(messages.first)
        #expect(message.unicodeScalars.contains { (0x3040...0x309F).contains($0.value) })   // hiragana: real Japanese
        #expect(result.objects.allSatisfy { $0["locale"] as? String == "ja" })
    }

    @Test func unknownInputIsAnErrorWithStatusOne() throws {
        let result = try GenkanProcess.run(["errors", "show", "--locale", "en", "auth/invalid-email", "certainly-not-a-code"])
        #expect(result.status == 1)
        #expect(result.objects.count == 1)
        #expect(result.stderr.contains("certainly-not-a-code"))
    }

    @Test func listHasEveryReferenceRow() throws {
        let result = try GenkanProcess.run(["errors", "list", "--format", "json"])
        #expect(result.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 127)   // rows of shared/reference/firebase-auth-errors.tsv
        let tsv = try GenkanProcess.run(["errors", "list"])
        #expect(tsv.stdout.split(separator: "\n").count == 128)   // with its header
    }
}
