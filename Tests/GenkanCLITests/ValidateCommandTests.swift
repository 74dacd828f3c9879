import Foundation
import Testing

@Suite struct ValidateCommandTests {
    @Test(arguments: ["email", "password", "name"])
    func helpIsShownAndExitsZero(kind: String) throws {
        let result = try GenkanProcess.run(["validate", kind, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: genkan validate \(kind)"))
        #expect(result.stdout.contains("--jsonl"))
        #expect(result.stdout.contains("--locale"))
    }

    @Test func groupWithoutSubcommandListsThemAndExitsTwo() throws {
        let result = try GenkanProcess.run(["validate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("validate email"))
        #expect(result.stderr.contains("validate password"))
        #expect(result.stderr.contains("validate name"))
    }

    @Test func exitStatusFollowsTheVerdicts() throws {
        #expect(try GenkanProcess.run(["validate", "email", "taro@example.com"]).status == 0)
        #expect(try GenkanProcess.run(["validate", "email", "taro@example.com", "taro"]).status == 1)
        #expect(try GenkanProcess.run(["validate", "email", "--mode", "loose", "taro@example.com"]).status == 2)
        #expect(try GenkanProcess.run(["validate", "email", "--bogus", "taro@example.com"]).status == 2)
        #expect(try GenkanProcess.run(["validate", "password", "--policy", "firebase", "--min-length", "40", "x"]).status == 2)
        #expect(try GenkanProcess.run(["validate", "password", "--min-length", "10", "x"]).status == 2)
    }

    @Test func usageErrorsSayWhatToTypeInstead() throws {
        let result = try GenkanProcess.run(["validate", "name", "--profile", "handle", "x"])
        #expect(result.stderr.contains("--profile must be one of nickname, username, opaque, not 'handle'"))
        #expect(result.stderr.contains("genkan validate name --help"))
        #expect(result.stdout.isEmpty)
    }

    @Test func oneObjectPerLineWithTheContractKeys() throws {
        let result = try GenkanProcess.run(["validate", "email"], lines: "Taro@Example.COM\n\nnot-an-address\n")
        let objects = result.objects
        #expect(objects.count == 3)
        #expect(objects.map { $0["value"] as? String } == ["Taro@Example.COM", "", "not-an-address"])
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, false])
        #expect(objects[0]["normalized"] as? String == "Taro@example.com")
        #expect(objects[0]["ascii"] as? String == "Taro@example.com")
        #expect(objects[1]["normalized"] is NSNull)
        let codes = objects.map { ($0["issues"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
        #expect(codes == [[], ["email.empty"], ["email.missing-at"]])
        #expect(result.status == 1)
    }

    @Test func emptyInputPrintsNothingAndSucceeds() throws {
        let result = try GenkanProcess.run(["validate", "email"], stdin: [])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidUTF8IsAnIssueNotACrash() throws {
        let result = try GenkanProcess.run(["validate", "name"], stdin: [0x54, 0x61, 0xFF, 0x72, 0x6F, 0x0A, 0x54, 0x61, 0x72, 0x6F, 0x0A])
        let objects = result.objects
        #expect(objects.count == 2)
        let first = objects.first?["issues"] as? [[String: Any]]
        #expect(first?.first?["code"] as? String == "form.invalid-encoding")
        #expect(objects.last?["valid"] as? Bool == true)
        #expect(result.status == 1)
    }

    @Test func jsonLinesCarryControlCharactersAndLineBreaks() throws {
        let result = try GenkanProcess.run(
            ["validate", "email", "--jsonl"], lines: #""a\u0000b@example.com""# + "\n" + #""a\nb@example.com""# + "\n" + #""\ud83d\ude00@example.com""# + "\n")
        let objects = result.objects
        #expect(objects.count == 3)
        #expect(objects.map { $0["value"] as? String } == ["a\u{0}b@example.com", "a\nb@example.com", "😀@example.com"])
        #expect(objects.prefix(2).allSatisfy { $0["valid"] as? Bool == false })
    }

    @Test func aLoneSurrogateIsAnEncodingIssue() throws {
        let result = try GenkanProcess.run(["validate", "name", "--jsonl"], lines: #""Ta\ud800ro""# + "\n")
        let issues = result.objects.first?["issues"] as? [[String: Any]]
        #expect(issues?.first?["code"] as? String == "form.invalid-encoding")
    }

    @Test func malformedJSONLinesAreAUsageError() throws {
        let result = try GenkanProcess.run(["validate", "email", "--jsonl"], lines: "\"ok@example.com\"\nnot json\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2"))
    }

    @Test func aMegabyteValueIsRefusedByItsLength() throws {
        let huge = String(repeating: "a", count: 1 << 20) + "@example.com"
        let result = try GenkanProcess.run(["validate", "email"], lines: huge + "\n")
        let issues = result.objects.first?["issues"] as? [[String: Any]]
        #expect(issues?.map { $0["code"] as? String } == ["email.input-too-long"])
        #expect(result.status == 1)
    }

    @Test func aLineBeyondTheReaderLimitIsNotKept() throws {
        let result = try GenkanProcess.run(["validate", "name"], stdin: Array(repeating: 0x61, count: 5 << 20) + [0x0A, 0x62, 0x0A])
        let objects = result.objects
        #expect(objects.count == 2)
        let issues = objects.first?["issues"] as? [[String: Any]]
        #expect(issues?.first?["code"] as? String == "form.too-long")
        #expect((objects.first?["value"] as? String ?? "").count < 100)
        #expect(objects.last?["value"] as? String == "b")
    }

    @Test func passwordContextAndEveryIssueAtOnce() throws {
        let result = try GenkanProcess.run(["validate", "password", "--policy", "nist", "--email", "taro@example.com", "taro1234"])
        let issues = result.objects.first?["issues"] as? [[String: Any]] ?? []
        let codes = issues.compactMap { $0["code"] as? String }
        #expect(codes.contains("password.too-short"))
        #expect(codes.contains("password.contains-email"))
        let tooShort = issues.first { $0["code"] as? String == "password.too-short" }
        #expect(tooShort?["parameters"] as? [String: Int] == ["minimum": 15, "actual": 8])
    }

    @Test func namesGiveAComparisonKey() throws {
        let result = try GenkanProcess.run(["validate", "name", "ﾀﾛｳ　Ｙａｍａｄａ"])
        #expect(result.objects.first?["normalized"] as? String == "タロウ Yamada")
        #expect(result.objects.first?["comparisonKey"] as? String == "タロウ yamada")
        #expect(result.status == 0)
    }

    @Test func messagesFollowTheLocale() throws {
        let english = try GenkanProcess.run(["validate", "email", "--locale", "en", "taro"])
        let japanese = try GenkanProcess.run(["validate", "email", "--locale", "ja", "taro"])
        let fromEnvironment = try GenkanProcess.run(["validate", "email", "taro"], environment: ["LANG": "ja_JP.UTF-8"])
        func message(_ result: GenkanProcess) -> String? {
            (result.objects.first?["issues"] as? [[String: Any]])?.first?["message"] as? String
        }
        let englishMessage = try #require(message(english))
        let japaneseMessage = try #require(message(japanese))
        #expect(englishMessage.contains("@"))
        #expect(englishMessage != "email.missing-at")
        #expect(japaneseMessage.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) })
        #expect(message(fromEnvironment) == japaneseMessage)
    }
}
