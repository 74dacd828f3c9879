import Foundation
import Testing
@testable import GenkanValidation

/// Hand-worked cases: each expected value below was worked out from the rule's definition, not
/// taken from Genkan's output.
@Suite struct PasswordPolicyTests {
    private func codes(_ evaluation: PasswordEvaluation) -> [IssueCode] { evaluation.issues.map(\.code) }

    // MARK: Presets and lengths

    @Test func presets() {
        #expect(PasswordPolicy.default.minimumLength == 8)
        #expect(PasswordPolicy.nist.minimumLength == 15)
        #expect(PasswordPolicy.legacy.minimumLength == 8)
        #expect(PasswordPolicy.firebase().minimumLength == 6)
        #expect(PasswordPolicy.firebase().maximumLength == 4096)
        #expect(PasswordPolicy.hardMaximumLength == 4096)
        for policy in [PasswordPolicy.default, .nist, .legacy, .firebase()] {
            #expect(policy.maximumLength >= 64)
            #expect(policy.maximumLength <= PasswordPolicy.hardMaximumLength)
        }
    }

    @Test func firebaseOptionsAreClampedToFirebaseRanges() {
        #expect(PasswordPolicy.firebase(minimumLength: 2).minimumLength == 6)
        #expect(PasswordPolicy.firebase(minimumLength: 50).minimumLength == 30)
        #expect(PasswordPolicy.firebase(maximumLength: 20).maximumLength == 64)
        #expect(PasswordPolicy.firebase(maximumLength: 100_000).maximumLength == 4096)
    }

    @Test func acceptsAGoodPassphrase() {
        let result = PasswordPolicy.default.evaluate("correct horse battery staple")
        #expect(result.isValid)
        #expect(result.normalized == "correct horse battery staple")
        #expect(result.requirements.allSatisfy { $0.isMet })
    }

    @Test func tooShortCarriesMinimumAndActual() {
        let result = PasswordPolicy.nist.evaluate("k9#mQ2$vL")
        #expect(result.issues == [ValidationIssue(.passwordTooShort, field: .password, ["minimum": 15, "actual": 9])])
        #expect(result.normalized == nil)
        #expect(PasswordPolicy.default.evaluate("Zq7#").issues
            == [ValidationIssue(.passwordTooShort, field: .password, ["minimum": 8, "actual": 4])])
    }

    @Test func tooLong() {
        let password = String(repeating: "Xk9#mQ2$", count: 17)   // 136 code points
        #expect(PasswordPolicy.default.evaluate(password).issues
            == [ValidationIssue(.passwordTooLong, field: .password, ["maximum": 128, "actual": 136])])
        #expect(PasswordPolicy.firebase().evaluate(password).isValid)
    }

    @Test func hugeInputIsRefusedByLengthAlone() {
        let huge = String(repeating: "a", count: 1_000_000)
        let result = PasswordPolicy.default.evaluate(huge)
        #expect(result.issues == [ValidationIssue(.passwordTooLong, field: .password, ["maximum": 128, "actual": 1_000_000])])
        #expect(PasswordPolicy.evaluateForSignIn(huge).issues
            == [ValidationIssue(.passwordTooLong, field: .password, ["maximum": 4096, "actual": 1_000_000])])
    }

    @Test func lengthCountsCodePointsNotUTF16() {
        let seven = "😀😃😄😁😆😅😂"   // 7 code points, 14 UTF-16 code units
        #expect(seven.utf16.count == 14)
        #expect(PasswordPolicy.default.evaluate(seven).issues
            == [ValidationIssue(.passwordTooShort, field: .password, ["minimum": 8, "actual": 7])])
        #expect(PasswordPolicy.default.evaluate(seven + "🤣").isValid)
    }

    @Test func lengthCountsAfterNFC() {
        // "résumé!" written with combining accents: 9 code points as typed, 7 after NFC.
        let decomposed = "re\u{301}sume\u{301}!"
        #expect(PasswordPolicy.default.evaluate(decomposed).issues
            == [ValidationIssue(.passwordTooShort, field: .password, ["minimum": 8, "actual": 7])])
        let accepted = PasswordPolicy.default.evaluate(decomposed + "!")
        #expect(accepted.isValid)
        #expect(accepted.normalized == "r\u{E9}sum\u{E9}!!")
    }

    @Test func spacesAreMappedNeverTrimmed() {
        let result = PasswordPolicy.default.evaluate("  pass\u{A0}phrase\u{3000}here  ")
        #expect(result.isValid)
        #expect(result.normalized == "  pass phrase here  ")
    }

    @Test func nothingIsCaseMapped() {
        #expect(PasswordPolicy.default.evaluate("Tr0ub4dor&3").normalized == "Tr0ub4dor&3")
    }

    @Test func controlCharactersAreRefused() {
        #expect(codes(PasswordPolicy.default.evaluate("tab\there-9Kx")) == [.passwordControlCharacter])
        #expect(codes(PasswordPolicy.default.evaluate("bell\u{7}Zq9-xw")) == [.passwordControlCharacter])
        #expect(codes(PasswordPolicy.default.evaluate("next\u{85}lineZq9")) == [.passwordControlCharacter])
    }

    // MARK: Firebase

    @Test func firebaseCharacterRequirementsAreASCIIAsInFirebase() {
        let policy = PasswordPolicy.firebase(
            requireUppercase: true, requireLowercase: true, requireNumeric: true, requireNonAlphanumeric: true)
        #expect(policy.evaluate("Zebra7!x").isValid)
        let umlauts = policy.evaluate("ÄÖÜäöü12")
        #expect(codes(umlauts) == [.passwordMissingUppercase, .passwordMissingLowercase, .passwordMissingSymbol])
        #expect(umlauts.issues.last?.parameters["characters"] == .text(PasswordPolicy.firebaseSymbols))
        // "+" is not one of Firebase's non-alphanumeric characters.
        #expect(codes(policy.evaluate("Zebra7+x")) == [.passwordMissingSymbol])
        for symbol in #"^$*.[]{}()?"!@#%&/\,><':;|_~"# {
            #expect(policy.evaluate("Zebra7\(symbol)x").isValid, "\(symbol)")
        }
    }

    @Test func firebaseDefaultsRequireOnlySix() {
        #expect(PasswordPolicy.firebase().evaluate("Zq7#wx").isValid)
        #expect(codes(PasswordPolicy.firebase().evaluate("Zq7#w")) == [.passwordTooShort])
    }

    // MARK: Legacy

    @Test func legacyIsCountAtLeastEight() {
        #expect(PasswordPolicy.legacy.evaluate("12345678").isValid)
        #expect(PasswordPolicy.legacy.evaluate("password").isValid)
        #expect(codes(PasswordPolicy.legacy.evaluate("1234567")) == [.passwordTooShort])
        // Swift's count: one family emoji is one Character however many code points it has.
        let families = String(repeating: "👨‍👩‍👧", count: 8)
        #expect(PasswordPolicy.legacy.evaluate(families).isValid)
        #expect(codes(PasswordPolicy.legacy.evaluate(String(repeating: "e\u{301}", count: 7))) == [.passwordTooShort])
    }

    // MARK: Blocklist

    @Test func blocklistHasAtLeastTenThousandEntries() {
        #expect(PasswordBlocklist.entries.count >= 10_000)
        #expect(PasswordBlocklist.entries.contains("trustno1"))
    }

    @Test func blocklistIsCompareAfterCaseFolding() {
        #expect(codes(PasswordPolicy.default.evaluate("iloveyou")) == [.passwordInBlocklist])
        #expect(codes(PasswordPolicy.default.evaluate("ILoveYou")) == [.passwordInBlocklist])
        #expect(codes(PasswordPolicy.default.evaluate("TrustNo1")) == [.passwordInBlocklist])
        #expect(codes(PasswordPolicy.nist.evaluate("PasswordStandard")) == [.passwordInBlocklist])
        #expect(codes(PasswordPolicy.default.evaluate("ILOVEYOU!")) == [.passwordInBlocklist])   // line 11571 of the list
        #expect(PasswordPolicy.default.evaluate("ilovemycat7").isValid)
    }

    /// The committed list is exactly what its script derives from the pinned zxcvbn package.
    @Test func blocklistMatchesRegeneration() throws {
        try ReferenceScript.check("scripts/blocklist/make_password_blocklist.py")
    }

    @Test func blocklistLoadsOnceUnderConcurrency() async {
        let verdicts = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 { group.addTask { PasswordPolicy.default.evaluate("TrustNo1").issues.map(\.code) == [.passwordInBlocklist] } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(verdicts == Array(repeating: true, count: 16))
    }

    // MARK: Context

    private let taro = PasswordContext(email: "taro.yamada@example.com", name: "Taro Yamada")

    @Test func passwordEqualToEmailLocalPart() {
        // Equal to the local part; contains "taro" and "yamada"; one insertion from "taroyamada".
        // Containing implies being similar, so the issues name only the containment...
        let result = PasswordPolicy.default.evaluate("taro.yamada", context: taro)
        #expect(codes(result) == [.passwordContainsEmail, .passwordContainsName])
        // ...while the checklist shows every requirement the password fails.
        let unmet = result.requirements.filter { !$0.isMet }.map(\.code)
        #expect(unmet == [.passwordContainsEmail, .passwordSimilarToEmail, .passwordContainsName, .passwordSimilarToName])
    }

    @Test func passwordContainingEmailLocalPart() {
        // Five insertions (distance 5, not below 5), but the common substring "taro.yamada" (11)
        // is more than half of the 16 code points: also too similar, as Kratos rules.
        #expect(codes(PasswordPolicy.default.evaluate("xTaro.Yamada2024", context: taro))
            == [.passwordContainsEmail, .passwordContainsName])
        // The part before a +tag counts too.
        let tagged = PasswordContext(email: "kenji+shop@example.com")
        #expect(codes(PasswordPolicy.default.evaluate("kenji-secret-77", context: tagged)) == [.passwordContainsEmail])
    }

    @Test func levenshteinBelowFiveIsTooSimilar() {
        // "taro.yamadq" is one substitution away from the local part.
        let context = PasswordContext(email: "taro.yamada@example.com")
        #expect(codes(PasswordPolicy.default.evaluate("taro.yamadq", context: context)) == [.passwordSimilarToEmail])
        // Five edits away and no long common substring: accepted.
        #expect(PasswordPolicy.default.evaluate("tXrX.yXmXdX", context: context).isValid)
    }

    @Test func commonSubstringOverHalfIsTooSimilar() {
        // "smithers" (8) is common to both and more than half of the 14-code-point password.
        let context = PasswordContext(email: "johnsmithers@example.com")
        #expect(codes(PasswordPolicy.default.evaluate("smithers-rock!", context: context)) == [.passwordSimilarToEmail])
        // Exactly half is not over half: "smithers" in 16 code points.
        #expect(PasswordPolicy.default.evaluate("smithers-rocks!!", context: context).isValid)
    }

    @Test func nameChecks() {
        let anne = PasswordContext(name: "Anne Marie")
        #expect(codes(PasswordPolicy.default.evaluate("annemarie99", context: anne)) == [.passwordContainsName])
        #expect(codes(PasswordPolicy.default.evaluate("I-love-Marie-7", context: anne)) == [.passwordContainsName])
        #expect(codes(PasswordPolicy.default.evaluate("yamada1985!!", context: taro)) == [.passwordContainsName])
        #expect(PasswordPolicy.default.evaluate("correct horse battery staple", context: taro).isValid)
    }

    @Test func contextRequirementsAppearOnlyWithContext() {
        let bare = PasswordPolicy.default.evaluate("correct horse battery staple").requirements.map(\.code)
        #expect(!bare.contains(.passwordContainsEmail))
        let full = PasswordPolicy.default.evaluate("correct horse battery staple", context: taro).requirements.map(\.code)
        #expect(full.contains(.passwordContainsEmail) && full.contains(.passwordSimilarToName))
    }

    // MARK: Patterns

    @Test func runsSequencesAndKeyboardRows() {
        let policy = PasswordPolicy.default
        #expect(policy.evaluate("aaaaaaaa").issues == [ValidationIssue(.passwordRepeatedCharacters, field: .password, ["length": 8])])
        #expect(policy.evaluate("zzzzzzzzk1").issues == [ValidationIssue(.passwordRepeatedCharacters, field: .password, ["length": 8])])
        #expect(policy.evaluate("zyxwvuts").issues == [ValidationIssue(.passwordSequentialCharacters, field: .password, ["length": 8])])
        #expect(codes(policy.evaluate("12345678")) == [.passwordInBlocklist, .passwordSequentialCharacters])
        #expect(policy.evaluate("mnbvcxz!").issues == [ValidationIssue(.passwordKeyboardPattern, field: .password, ["length": 7])])
        #expect(codes(policy.evaluate("qwertyui")) == [.passwordInBlocklist, .passwordKeyboardPattern])
        #expect(policy.evaluate("QWERTZUIOP#7").issues == [ValidationIssue(.passwordKeyboardPattern, field: .password, ["length": 10])])
    }

    @Test func shortPatternsInsideLongerPasswordsAreFine() {
        #expect(PasswordPolicy.default.evaluate("Summer-1234-Rain").isValid)
        #expect(PasswordPolicy.default.evaluate("property-of-mine").isValid)
        #expect(PasswordPolicy.default.evaluate("aaaab123").isValid)   // run of 4 is exactly half
    }

    // MARK: Every issue at once, and the checklist

    @Test func everyUnmetRequirementIsReportedAtOnce() {
        let policy = PasswordPolicy.firebase(
            requireUppercase: true, requireLowercase: true, requireNumeric: true, requireNonAlphanumeric: true)
        let result = policy.evaluate("taro\u{7}", context: PasswordContext(email: "taro@example.com", name: "Taro"))
        #expect(result.issues == [
            ValidationIssue(.passwordTooShort, field: .password, ["minimum": 6, "actual": 5]),
            ValidationIssue(.passwordControlCharacter, field: .password),
            ValidationIssue(.passwordMissingUppercase, field: .password),
            ValidationIssue(.passwordMissingNumber, field: .password),
            ValidationIssue(.passwordMissingSymbol, field: .password, ["characters": PasswordPolicy.firebaseSymbols]),
            ValidationIssue(.passwordContainsEmail, field: .password),
            ValidationIssue(.passwordContainsName, field: .password),
        ])
        #expect(result.normalized == nil)
    }

    @Test func requirementsChecklist() {
        let result = PasswordPolicy.nist.evaluate("aaaaaaaa")
        #expect(result.requirements == [
            PasswordRequirement(code: .passwordEmpty, isMet: true),
            PasswordRequirement(code: .passwordTooShort, parameters: ["minimum": 15, "actual": 8], isMet: false),
            PasswordRequirement(code: .passwordTooLong, parameters: ["maximum": 128, "actual": 8], isMet: true),
            PasswordRequirement(code: .passwordControlCharacter, isMet: true),
            PasswordRequirement(code: .passwordInBlocklist, isMet: true),
            PasswordRequirement(code: .passwordRepeatedCharacters, parameters: ["length": 8], isMet: false),
            PasswordRequirement(code: .passwordSequentialCharacters, parameters: ["length": 1], isMet: true),
            PasswordRequirement(code: .passwordKeyboardPattern, parameters: ["length": 1], isMet: true),
        ])
        #expect(result.issues.map(\.code) == result.requirements.filter { !$0.isMet }.map(\.code))
    }

    @Test func emptyPassword() {
        #expect(codes(PasswordPolicy.default.evaluate("")) == [.passwordEmpty, .passwordTooShort])
        #expect(codes(PasswordPolicy.legacy.evaluate("")) == [.passwordEmpty, .passwordTooShort])
    }

    // MARK: Sign-in

    @Test func signInChecksOnlyPresenceAndHardCap() {
        #expect(codes(PasswordPolicy.evaluateForSignIn("")) == [.passwordEmpty])
        #expect(PasswordPolicy.evaluateForSignIn("password").isValid)
        #expect(PasswordPolicy.evaluateForSignIn("a").isValid)
        #expect(PasswordPolicy.evaluateForSignIn("a\u{A0}b").normalized == "a b")
        #expect(PasswordPolicy.evaluateForSignIn(String(repeating: "x", count: 4096)).isValid)
        #expect(PasswordPolicy.evaluateForSignIn(String(repeating: "x", count: 4097)).issues
            == [ValidationIssue(.passwordTooLong, field: .password, ["maximum": 4096, "actual": 4097])])
    }

    // MARK: HTML

    @Test func htmlAttributes() {
        let attributes = Dictionary(uniqueKeysWithValues: PasswordPolicy.default.htmlAttributes.map { ($0.name, $0.value) })
        #expect(attributes["type"] == "password")
        #expect(attributes["minlength"] == "8")
        #expect(attributes["maxlength"] == "256")
        #expect(attributes["autocomplete"] == "new-password")
        #expect(attributes["passwordrules"] == "minlength: 8; maxlength: 128;")
        let firebase = PasswordPolicy.firebase(minimumLength: 10, requireUppercase: true, requireNonAlphanumeric: true)
        let rules = Dictionary(uniqueKeysWithValues: firebase.htmlAttributes.map { ($0.name, $0.value) })["passwordrules"]
        #expect(rules == #"minlength: 10; maxlength: 4096; required: upper; required: []^$*.[{}()?"!@#%&/\,><':;|_~];"#)
    }

    @Test func issueCodesListEveryRequirement() {
        let context = PasswordContext(email: "taro@example.com", name: "Taro")
        let firebase = PasswordPolicy.firebase(
            requireUppercase: true, requireLowercase: true, requireNumeric: true, requireNonAlphanumeric: true)
        for policy in [PasswordPolicy.default, .nist, .legacy, .firebase(), firebase] {
            #expect(policy.evaluate("x", context: context).requirements.map(\.code) == policy.issueCodes, "\(policy.name)")
        }
    }

    @Test func jsonDescription() {
        let expected = #"{"rule":"password","policy":"legacy","attributes":{"type":"password","required":"","#
            + #""minlength":"8","maxlength":"8192","autocomplete":"new-password","autocapitalize":"none","#
            + #""spellcheck":"false","passwordrules":"minlength: 8; maxlength: 4096;"},"#
            + #""limits":{"minlength":8,"maxlength":4096,"hardMaximum":4096,"unit":"characters"},"#
            + #""requires":{"uppercase":false,"lowercase":false,"number":false,"symbol":false,"#
            + #""symbols":"^$*.[]{}()?\"!@#%\u0026/\\,\u003e\u003c':;|_~"},"#
            + #""checks":{"controlCharacters":false,"blocklist":false,"context":false,"patterns":false},"#
            + #""codes":["password.empty","password.too-short","password.too-long"]}"#
        #expect(PasswordPolicy.legacy.jsonDescription == expected)
    }

    @Test func codesAreDescribed() {
        let described = Set(IssueCode.passwordCodes.map(\.code))
        let raised: [IssueCode] = [
            .passwordEmpty, .passwordTooShort, .passwordTooLong, .passwordControlCharacter, .passwordMissingUppercase,
            .passwordMissingLowercase, .passwordMissingNumber, .passwordMissingSymbol, .passwordInBlocklist,
            .passwordContainsEmail, .passwordSimilarToEmail, .passwordContainsName, .passwordSimilarToName,
            .passwordRepeatedCharacters, .passwordSequentialCharacters, .passwordKeyboardPattern,
        ]
        #expect(described == Set(raised))
        #expect(IssueCode.passwordCodes.first { $0.code == .passwordTooShort }?.parameters == ["minimum", "actual"])
    }
}
