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
        expectMatch(.nickname, item.input, item.nickname, comparingKeys: true)
    }

    @Test(arguments: NameCorpusCase.all)
    func usernameMatchesPrecisI18n(_ item: NameCorpusCase) {
        expectMatch(.username, item.input, item.username, comparingKeys: false)
    }

    @Test(arguments: NameCorpusCase.all)
    func opaqueStringMatchesPrecisI18n(_ item: NameCorpusCase) {
        expectMatch(.opaqueString, item.input, item.opaqueString, comparingKeys: false)
    }

    /// The PRECIS step gives precis-i18n's verdict and output (and comparison key, when asked), and
    /// the public API agrees with it (`expectConsistent`).
    private func expectMatch(_ profile: NameProfile, _ input: String, _ expected: NameCorpusCase.Verdict, comparingKeys: Bool) {
        let result = profile.enforcePrecis(input)
        #expect((result.output != nil) == expected.valid)
        #expect(result.output == expected.output)
        if comparingKeys { #expect(result.comparisonKey == expected.comparisonKey) }
        expectConsistent(profile, input, expected)
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
