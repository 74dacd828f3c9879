import GenkanTestSupport
import Testing
@testable import GenkanValidation

/// Hand-worked cases: which codes, with which parameters, each value gets.
@Suite("EmailRule issue codes")
struct EmailRuleIssueTests {
    struct Case: Sendable, CustomStringConvertible {
        let input: String
        let mode: EmailRule.Mode
        let issues: [ValidationIssue]
        init(_ input: String, _ mode: EmailRule.Mode = .strict, _ issues: ValidationIssue...) {
            self.input = input
            self.mode = mode
            self.issues = issues
        }
        var description: String { "\(mode): \(input.debugDescription)" }
    }

    static let cases: [Case] = [
        Case("", .strict, ValidationIssue(.emailEmpty)),
        Case(" \t\r\n", .html, ValidationIssue(.emailEmpty)),
        Case("userexample.com", .strict, ValidationIssue(.emailMissingAt)),
        Case("userexample.com", .html, ValidationIssue(.emailMissingAt)),
        Case("user＠example.com", .strict, ValidationIssue(.emailLookalikeAt, ["character": "＠"])),
        Case("user﹫example.com", .html, ValidationIssue(.emailLookalikeAt, ["character": "﹫"])),
        Case("John <john@example.com>", .strict, ValidationIssue(.emailDisplayName)),
        Case(String(repeating: "a", count: 65) + "@example.com", .strict,
             ValidationIssue(.emailLocalTooLong, ["maximum": 64, "actual": 65])),
        Case(".a..b.@example.com", .strict,
             ValidationIssue(.emailLocalLeadingDot), ValidationIssue(.emailLocalTrailingDot),
             ValidationIssue(.emailLocalConsecutiveDots)),
        Case(".a..b.@example.com", .html),
        Case("a b@example.com", .strict, ValidationIssue(.emailWhitespace)),
        Case("a b@example.com", .html, ValidationIssue(.emailWhitespace)),
        Case("user\u{200B}@example.com", .strict, ValidationIssue(.emailUnsafeCharacters, ["characters": "U+200B"])),
        Case("a,b;c,d@example.com", .strict, ValidationIssue(.emailLocalInvalidCharacters, ["characters": ", ;"])),
        Case("(comment)user@example.com", .strict, ValidationIssue(.emailComment)),
        Case("\"quoted\"@example.com", .strict, ValidationIssue(.emailQuotedLocalPart)),
        Case("\u{301}user@example.com", .strict, ValidationIssue(.emailLocalLeadingCombiningMark)),
        Case("user@[192.0.2.1]", .strict, ValidationIssue(.emailIPLiteral)),
        Case("user@", .strict, ValidationIssue(.emailDomainEmpty)),
        Case("user@", .html, ValidationIssue(.emailDomainEmpty)),
        Case("@example.com", .html, ValidationIssue(.emailLocalEmpty)),
        Case("user@a@b.com", .strict, ValidationIssue(.emailMultipleAt)),
        Case("user@a@b.com", .html, ValidationIssue(.emailMultipleAt)),
        Case("user@localhost", .strict,
             ValidationIssue(.emailDomainNoDot), ValidationIssue(.emailDomainSpecialUse, ["domain": "localhost"])),
        Case("user@localhost", .html),
        Case("user@mail.example.test", .strict, ValidationIssue(.emailDomainSpecialUse, ["domain": "test"])),
        Case("user@example.123", .strict, ValidationIssue(.emailDomainNumericTLD, ["tld": "123"])),
        Case("user@-example.com", .strict, ValidationIssue(.emailDomainLabelHyphen, ["label": "-example"])),
        Case("user@-example.com", .html, ValidationIssue(.emailDomainLabelHyphen, ["label": "-example"])),
        Case("user@ab--cd.com", .strict, ValidationIssue(.emailDomainLabelReservedHyphens, ["label": "ab--cd"])),
        Case("user@ab--cd.com", .html),
        Case("user@" + String(repeating: "a", count: 64) + ".com", .strict,
             ValidationIssue(.emailDomainLabelTooLong, ["maximum": 63, "actual": 64])),
        Case("user@" + String(repeating: "a", count: 64) + ".com", .html,
             ValidationIssue(.emailDomainLabelTooLong, ["maximum": 63, "actual": 64])),
        Case("user@.example..com.", .strict,
             ValidationIssue(.emailDomainLeadingDot), ValidationIssue(.emailDomainTrailingDot),
             ValidationIssue(.emailDomainConsecutiveDots)),
        Case("user@exa_mple.com", .html, ValidationIssue(.emailDomainInvalidCharacters, ["characters": "_"])),
        // 64 + 1 + 63 + 1 + 63 + 1 + 62 = 255 octets.
        Case(String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
                + String(repeating: "c", count: 63) + "." + String(repeating: "d", count: 62), .strict,
             ValidationIssue(.emailTooLong, ["maximum": 254, "actual": 255])),
        // Several problems at once are all reported.
        Case("a b..c@exa_mple", .strict,
             ValidationIssue(.emailWhitespace), ValidationIssue(.emailLocalConsecutiveDots),
             ValidationIssue(.emailDomainInvalidCharacters, ["characters": "_"])),
        // IDNA2008 refuses symbols UTS #46 keeps; the browser accepts them.
        Case("user@☃.com", .strict, ValidationIssue(.emailDomainDisallowedCharacters, ["characters": "☃"])),
        Case("user@☃.com", .html),
        // RFC 5892 A.3: a middle dot only between two l.
        Case("user@a\u{B7}b.cat", .strict, ValidationIssue(.emailDomainCharacterContext, ["characters": "·"])),
        Case("user@l\u{B7}l.cat", .strict),
        // RFC 5893: in a domain with a right-to-left label, "1" breaks rule 1.
        Case("user@1.\u{5D0}\u{5D1}.com", .strict, ValidationIssue(.emailDomainBidi, ["label": "1"])),
        Case("user@1.\u{5D0}\u{5D1}.com", .html, ValidationIssue(.emailDomainBidi, ["label": "1"])),
        Case("user@ä-.com", .html, ValidationIssue(.emailDomainLabelHyphen, ["label": "ä-"])),
        Case("ｕｓｅｒ@example.com", .html, ValidationIssue(.emailLocalInvalidCharacters, ["characters": "ｕ ｓ ｅ ｒ"])),
        Case("ｕｓｅｒ@example.com", .strict),
    ]

    @Test(arguments: cases)
    func reportsExactlyTheseIssues(_ testCase: Case) {
        let result = EmailRule(mode: testCase.mode).validate(testCase.input)
        #expect(result.issues == testCase.issues)
        #expect(result.isValid == testCase.issues.isEmpty)
    }

    @Test func normalizedAndASCIIForms() {
        let postmaster = EmailRule.strict.validate("Postmaster@EXAMPLE.com")
        #expect(postmaster.normalized == "postmaster@example.com")
        #expect(postmaster.ascii == "postmaster@example.com")

        let idn = EmailRule.strict.validate("User@Bücher.Example")
        #expect(idn.normalized.map(scalars) == scalars("User@bücher.example"))
        #expect(idn.ascii == "User@xn--bcher-kva.example")
        #expect(!idn.requiresSMTPUTF8)

        let decomposed = EmailRule.strict.validate("u\u{308}ser@example.com")
        #expect(decomposed.normalized.map(scalars) == scalars("\u{FC}ser@example.com"))
        #expect(decomposed.ascii == nil)
        #expect(decomposed.requiresSMTPUTF8)

        let punycode = EmailRule.strict.validate("user@XN--BCHER-KVA.example")
        #expect(punycode.normalized.map(scalars) == scalars("user@bücher.example"))
        #expect(punycode.ascii == "user@xn--bcher-kva.example")

        let browser = EmailRule.html.validate("  User@BÜCHER.example \n")
        #expect(browser.normalized == "User@xn--bcher-kva.example")
        #expect(browser.ascii == browser.normalized)
        // Chromium converts transitionally: ß becomes ss.
        #expect(EmailRule.html.validate("a@faß.de").ascii == "a@fass.de")
        #expect(EmailRule.strict.validate("a@faß.de").ascii == "a@xn--fa-hia.de")
    }

    @Test(arguments: EmailRule.Mode.allCases)
    func oneMegabyteIsRefusedByLength(_ mode: EmailRule.Mode) {
        let huge = String(repeating: "a", count: 1 << 20) + "@example.com"
        let result = EmailRule(mode: mode).validate(huge)
        #expect(result.issues == [ValidationIssue(.emailInputTooLong, ["maximum": 1024, "actual": (1 << 20) + 12])])
        let atLimit = String(repeating: "a", count: EmailRule.maximumInputLength - 12) + "@example.com"
        #expect(!EmailRule(mode: mode).validate(atLimit).issues.contains { $0.code == .emailInputTooLong })
    }

    /// Every issue either mode reports on the corpus is a declared code, with the declared
    /// parameters in order and counts typed as integers.
    @Test func reportedIssuesMatchTheirDescriptors() {
        let descriptors = Dictionary(uniqueKeysWithValues: IssueCode.emailCodes.map { ($0.code, $0) })
        var seen = Set<IssueCode>()
        for entry in EmailCorpus.entries {
            for mode in EmailRule.Mode.allCases {
                let rule = EmailRule(mode: mode)
                for issue in rule.validate(entry.input).issues {
                    seen.insert(issue.code)
                    #expect(rule.issueCodes.contains(issue.code), "\(mode) reported \(issue.code) on \(entry)")
                    guard let descriptor = descriptors[issue.code] else {
                        Issue.record("undeclared code \(issue.code) on \(entry)")
                        continue
                    }
                    #expect(issue.parameters.entries.map(\.name) == descriptor.parameters, "\(issue) on \(entry)")
                    for (name, value) in issue.parameters {
                        let isCount = name == "maximum" || name == "actual"
                        if case .integer = value { #expect(isCount) } else { #expect(!isCount) }
                    }
                }
            }
        }
        #expect(seen.count >= 30, "the corpus exercises \(seen.count) codes")
    }

    @Test func codesAreUniqueAndDescribed() {
        let codes = IssueCode.emailCodes.map(\.code)
        #expect(Set(codes).count == codes.count)
        for descriptor in IssueCode.emailCodes {
            #expect(descriptor.code.rawValue.hasPrefix("email."))
            #expect(descriptor.explanation.hasSuffix("."))
        }
    }

    @Test func describesItselfForTheBrowser() {
        let attributes = EmailRule.strict.htmlAttributes
        #expect(attributes.map(\.name) == ["type", "required", "maxlength", "autocomplete", "inputmode", "autocapitalize", "spellcheck"])
        #expect(attributes.map(\.value) == ["email", "", "254", "email", "email", "none", "false"])
        let json = EmailRule.html.jsonDescription
        #expect(json.hasPrefix(#"{"rule":"email","mode":"html","attributes":{"type":"email","required":"","maxlength":"254","#))
        #expect(json.contains(#""limits":{"maxlength":254,"maximumInputLength":1024}"#))
        #expect(json.contains(#""email.missing-at""#))
        #expect(!json.contains(#""email.domain-special-use""#))
        #expect(EmailRule.strict.jsonDescription.contains(#""email.domain-special-use""#))
    }

    @Test func seedPatternStillWorks() {
        #expect(EmailPatterns.legacy.matches("a@example.com"))
        #expect(EmailPatterns.legacy.matches("first.last+tag@sub.example.museum"))
        #expect(!EmailPatterns.legacy.matches("a@example.c"))
        #expect(!EmailPatterns.legacy.matches("a@example.company"))
        #expect(!EmailPatterns.legacy.matches(" a@example.com"))
    }
}

/// The ASCII fast path of `.strict` must agree with the full path wherever it answers.
@Suite("EmailRule strict ASCII fast path")
struct EmailRuleFastPathTests {
    @Test func agreesWithTheFullPathOnTheCorpus() {
        var answered = 0
        for entry in EmailCorpus.entries {
            guard let fast = StrictEmailValidator.validatePlainASCII(entry.input) else { continue }
            answered += 1
            #expect(fast == StrictEmailValidator.validateFully(entry.input), "\(entry)")
        }
        #expect(answered >= 60)
    }

    /// Differential test on generated near-miss addresses: dots, hyphens, case, lengths,
    /// special-use and reserved names around the boundaries the fast path decides.
    @Test func agreesWithTheFullPathOnGeneratedAddresses() {
        var generator = SplitMix64(seed: 2026)
        // Mostly valid characters, with the occasional one that breaks a rule.
        let localAlphabet = Array("aaaaaaaaaaZZZ999..-_+!") + (generator.next() % 2 == 0 ? Array("\"(@ ") : [])
        let domainAlphabet = Array("aaaaaaaaaaaaZZZ999--") + ["."]
        let tails = ["com", "COM", "test", "Local", "localhost", "onion", "arpa", "invalid", "c0m", "x", "xn--p1ai", "ab--cd"]
        var answered = 0
        for _ in 0..<20_000 {
            let localLength = generator.next() % 8 == 0 ? 60 + Int(generator.next() % 8) : Int(generator.next() % 12)
            let local = String((0..<localLength).map { _ in localAlphabet[Int(generator.next() % UInt64(localAlphabet.count))] })
            let labelCount = 1 + Int(generator.next() % 4)
            var labels: [String] = []
            for _ in 0..<labelCount {
                let length = generator.next() % 8 == 0 ? 60 + Int(generator.next() % 6) : Int(generator.next() % 10)
                labels.append(String((0..<length).map { _ in domainAlphabet[Int(generator.next() % UInt64(domainAlphabet.count))] }))
            }
            labels.append(tails[Int(generator.next() % UInt64(tails.count))])
            let input = local + "@" + labels.joined(separator: ".")
            guard let fast = StrictEmailValidator.validatePlainASCII(input) else { continue }
            answered += 1
            #expect(fast == StrictEmailValidator.validateFully(input), "\(input)")
        }
        #expect(answered >= 100, "the generator reached the fast path \(answered) times")
    }
}

/// Values at the longest length a rule reads, shaped to make each step of the rule work hardest:
/// every one gets a verdict, and a refusal always names at least one issue.
@Suite("EmailRule worst cases")
struct EmailRuleWorstCaseTests {
    static let shapes: [String] = {
        let limit = EmailRule.maximumInputLength
        func fill(_ unit: String, prefix: String = "", suffix: String = "") -> String {
            var value = prefix
            while value.utf8.count + unit.utf8.count + suffix.utf8.count <= limit { value += unit }
            return value + suffix
        }
        return [
            fill("<\u{338}", suffix: "@example.com"),
            fill("a@"),
            fill("\"", suffix: "@example.com"),
            fill("\\\"", prefix: "\"", suffix: "\"@example.com"),
            fill("ü.", prefix: "a@", suffix: "com"),
            fill("xn--a.", prefix: "a@", suffix: "com"),
            fill("日", prefix: "a@", suffix: ".jp"),
            fill("\u{301}", prefix: "a@"),
            fill("(", suffix: "@example.com"),
            fill("a", suffix: "@example.com"),
            fill(" "),
            fill("\u{5D0}1.", prefix: "a@", suffix: "com"),
        ]
    }()

    @Test(arguments: shapes)
    func answersWithReasons(_ value: String) {
        #expect(value.utf8.count <= EmailRule.maximumInputLength)
        for mode in EmailRule.Mode.allCases {
            let result = EmailRule(mode: mode).validate(value)
            #expect(result.isValid == result.issues.isEmpty)
            #expect(result.isValid == (result.normalized != nil))
        }
    }
}
