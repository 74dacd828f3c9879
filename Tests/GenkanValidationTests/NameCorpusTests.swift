import Foundation
import Testing
@testable import GenkanValidation

/// One input of Fixtures/names-corpus.json with precis-i18n's verdict for each profile.
struct NameCorpusCase: Sendable, Decodable, CustomTestStringConvertible {
    struct Verdict: Sendable, Decodable {
        let valid: Bool
        let output: String?
        let comparisonKey: String?
    }

    let label: String
    let input: String
    let nickname: Verdict
    let username: Verdict
    let opaqueString: Verdict

    var testDescription: String { label }

    /// The package root, found from this file's path, so the tests need no bundle lookup.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let all: [NameCorpusCase] = {
        struct Document: Decodable { let cases: [NameCorpusCase] }
        let url = packageRoot.appending(path: "Tests/GenkanValidationTests/Fixtures/names-corpus.json")
        guard let data = try? Data(contentsOf: url), let document = try? JSONDecoder().decode(Document.self, from: data)
        else { return [] }
        return document.cases
    }()
}

@Suite struct NameCorpusTests {
    @Test func corpusIsLoaded() {
        #expect(NameCorpusCase.all.count >= 200)
    }

    @Test(arguments: NameCorpusCase.all)
    func nicknameMatchesPrecisI18n(_ item: NameCorpusCase) {
        let result = NameProfile.nickname.enforcePrecis(item.input)
        #expect((result.output != nil) == item.nickname.valid)
        #expect(result.output == item.nickname.output)
        #expect(result.comparisonKey == item.nickname.comparisonKey)
        expectConsistent(.nickname, item.input, item.nickname)
    }

    @Test(arguments: NameCorpusCase.all)
    func usernameMatchesPrecisI18n(_ item: NameCorpusCase) {
        let result = NameProfile.username.enforcePrecis(item.input)
        #expect((result.output != nil) == item.username.valid)
        #expect(result.output == item.username.output)
        expectConsistent(.username, item.input, item.username)
    }

    @Test(arguments: NameCorpusCase.all)
    func opaqueStringMatchesPrecisI18n(_ item: NameCorpusCase) {
        let result = NameProfile.opaqueString.enforcePrecis(item.input)
        #expect((result.output != nil) == item.opaqueString.valid)
        #expect(result.output == item.opaqueString.output)
        expectConsistent(.opaqueString, item.input, item.opaqueString)
    }

    /// The public API agrees with the reference: PRECIS issues exactly when precis-i18n refuses,
    /// and the stored form is the reference's output whenever Genkan's own limits pass too.
    private func expectConsistent(_ profile: NameProfile, _ input: String, _ expected: NameCorpusCase.Verdict) {
        let validation = profile.enforce(input)
        let precisIssues = validation.issues.filter { !NameProfile.policyCodes.contains($0.code) }
        #expect(precisIssues.isEmpty == expected.valid, "\(validation.issues)")
        #expect(validation.issues.allSatisfy { profile.issueCodes.contains($0.code) }, "\(validation.issues)")
        if validation.isValid {
            #expect(validation.normalized == expected.output)
            if expected.comparisonKey != nil { #expect(validation.comparisonKey == expected.comparisonKey) }
        }
    }

    /// The committed fixture is exactly what the script produces from precis-i18n today.
    @Test func fixtureMatchesRegeneration() throws {
        try ReferenceScript.check("scripts/corpus/names_corpus.py")
    }
}
