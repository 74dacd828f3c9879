import Testing
@testable import GenkanValidation

@Suite("EmailRule against the reference corpus")
struct EmailRuleCorpusTests {
    @Test func corpusIsLargeEnoughAndMixed() {
        let entries = EmailCorpus.entries
        #expect(entries.count >= 250)
        #expect(entries.filter(\.strict).count >= 100)
        #expect(entries.filter { !$0.strict }.count >= 100)
        #expect(Set(entries.map { Array($0.input.unicodeScalars) }).count == entries.count)
    }

    @Test("strict mode gives email-validator's verdict and forms", arguments: EmailCorpus.entries)
    func strictMatchesEmailValidator(_ entry: EmailCorpusEntry) {
        let result = EmailRule.strict.validate(entry.input)
        #expect(result.isValid == entry.strict, "email-validator: \(entry.error ?? "valid"); Genkan: \(result.issues)")
        // Compared scalar by scalar: `==` on String would accept a canonically equivalent form.
        #expect(result.normalized.map(scalars) == entry.normalized.map(scalars), "normalized \(result.normalized.debugDescription)")
        #expect(result.ascii.map(scalars) == entry.ascii.map(scalars), "ascii \(result.ascii.debugDescription)")
        #expect(result.requiresSMTPUTF8 == entry.smtputf8)
        #expect(result.isValid == result.issues.isEmpty)
    }

    @Test("html mode gives Chromium's verdict and value", arguments: EmailCorpus.entries)
    func htmlMatchesChromium(_ entry: EmailCorpusEntry) {
        let result = EmailRule.html.validate(entry.input)
        #expect(result.isValid == entry.html, "Chromium kept \(entry.htmlValue.debugDescription); Genkan: \(result.issues)")
        if entry.html {
            #expect(result.ascii.map(scalars) == scalars(Self.lowercasingDomain(entry.htmlValue)))
            #expect(result.normalized == result.ascii)
        }
    }

    /// The two html references may differ only where a Unicode domain goes through IDNA: the idna
    /// package applies IDNA2008 non-transitionally, Chromium applies ICU's UTS #46 transitionally.
    @Test func htmlReferencesDifferOnlyOnUnicodeDomains() {
        for entry in EmailCorpus.entries where entry.html != entry.htmlPython {
            let value = HTMLEmailValidator.sanitize(entry.input)
            let domain = value.split(separator: "@", maxSplits: 1).dropFirst().first ?? ""
            #expect(!domain.utf8.allSatisfy { $0 < 0x80 }, "\(entry)")
        }
    }

    private static func lowercasingDomain(_ value: String) -> String {
        guard let at = value.firstIndex(of: "@") else { return value }
        return String(value[...at]) + value[value.index(after: at)...].lowercased()
    }
}

/// The scalars of a string, for comparisons that must not treat canonical equivalents as equal.
func scalars(_ string: String) -> [Unicode.Scalar] { Array(string.unicodeScalars) }
