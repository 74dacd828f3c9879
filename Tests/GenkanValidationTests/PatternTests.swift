import Testing
@testable import GenkanValidation

@Suite("Pattern (PCRE2)")
struct PatternTests {
    @Test func compilesWithJITAndMatchesUTF8() throws {
        let pattern = try Pattern("é+")
        #expect(pattern.isJITCompiled)
        #expect(pattern.firstMatch(in: "caféé!") == .match(3..<7))
        #expect(pattern.firstMatch(in: "cafe") == .noMatch)
        #expect(try Pattern("a*", options: .wholeSubject).matches(""))
    }

    @Test func wholeSubjectAnchorsBothEnds() throws {
        let pattern = try Pattern("b", options: .wholeSubject)
        #expect(!pattern.matches("abc"))
        #expect(pattern.matches("b"))
        #expect(try Pattern("b").firstMatch(in: "abc") == .match(1..<2))
        // Unlike `$`, the end anchor does not allow a final newline.
        #expect(!pattern.matches("b\n"))
    }

    @Test func caselessUTFMatchingFoldsBeyondASCII() throws {
        // Why the e-mail patterns spell out [A-Za-z]: caseless UTF matching lets KELVIN SIGN be k.
        #expect(try Pattern("k", options: [.wholeSubject, .caseless]).matches("\u{212A}"))
        #expect(!EmailPatterns.whatwg.matches("\u{212A}@example.com"))
    }

    @Test func compileErrorsCarryMessageAndOffset() {
        #expect {
            _ = try Pattern("a(b")
        } throws: { error in
            guard let error = error as? PCRE2Error else { return false }
            return error.code > 0 && error.offset == 3 && error.message.contains("parenthesis")
        }
    }

    /// A catastrophic pattern stops at the match limit instead of running for ages.
    @Test func catastrophicBacktrackingHitsTheLimit() throws {
        let subject = String(repeating: "a", count: 40) + "!"
        for source in ["(a+)+$", "(a|a)+$", "(a|aa)+$", "(.*a){12}$"] {
            let pattern = try Pattern(source)
            #expect(pattern.firstMatch(in: subject) == .limitExceeded, "\(source)")
        }
    }

    /// ReDoS-shaped subjects of the longest length a rule reads, each as a function of its length.
    static let adversarialShapes: [@Sendable (Int) -> String] = [
        { String(repeating: "a", count: $0) + "!" },
        { String(repeating: "a", count: $0 / 2) + "@" + String(repeating: "a", count: $0 / 2) + "!" },
        { "a@" + String(repeating: "a-", count: $0 / 2) + "!" },
        { "a@" + String(repeating: String(repeating: "a", count: 61) + "-", count: $0 / 62) + "!" },
        { "a@" + String(repeating: "a.", count: $0 / 2) + "-" },
        { "a@" + String(repeating: String(repeating: "a", count: 62) + ".", count: $0 / 63) + "a!" },
        { "a@" + String(repeating: ".", count: $0) },
        { String(repeating: "a.", count: $0 / 2) + "@a" },
        { String(repeating: "a@", count: $0 / 2) + "!" },
    ]

    /// The smallest match limit under which PCRE2 still gives a definite answer for `subject`.
    static func neededMatchLimit(_ source: String, _ subject: String) throws -> UInt32 {
        var low: UInt32 = 1
        var high = Pattern.Limits.standard.match
        while low < high {
            let middle = (low + high) / 2
            let limits = Pattern.Limits(match: middle, depth: Pattern.Limits.standard.depth, heapKiB: Pattern.Limits.standard.heapKiB)
            let outcome = try Pattern(source, options: .wholeSubject, limits: limits).firstMatch(in: subject)
            if outcome == .limitExceeded { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The e-mail patterns' work on ReDoS-shaped subjects, measured by the match limit they
    /// need: it grows linearly with the subject (four times the length needs at most about four
    /// times the limit), and at `EmailRule.maximumInputLength` it stays far below the standard
    /// limit, which therefore never refuses a real address.
    @Test(arguments: [EmailPatterns.whatwgSource, EmailPatterns.legacySource])
    func emailPatternsNeedLinearWork(_ source: String) throws {
        let full = EmailRule.maximumInputLength
        for (index, shape) in Self.adversarialShapes.enumerated() {
            let quarter = try Self.neededMatchLimit(source, shape(full / 4))
            let whole = try Self.neededMatchLimit(source, shape(full))
            #expect(whole <= 5 * quarter + 16, "shape \(index): \(quarter) at \(full / 4) bytes, \(whole) at \(full)")
            #expect(whole < Pattern.Limits.standard.match / 10, "shape \(index) needs \(whole)")
        }
    }

    /// The same measure on a catastrophic pattern does not stay linear: the limit is what stops it.
    @Test func catastrophicPatternNeedsExponentialWork() throws {
        let subject = { (count: Int) in String(repeating: "a", count: count) + "!" }
        let ten = try Self.neededMatchLimit("(a|aa)+$", subject(10))
        let twenty = try Self.neededMatchLimit("(a|aa)+$", subject(20))
        #expect(twenty > 20 * ten)
    }

    @Test func matchesConcurrently() async throws {
        let pattern = try Pattern(EmailPatterns.whatwgSource, options: .wholeSubject)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { pattern.matches(index.isMultiple(of: 2) ? "user\(index)@example.com" : "user\(index)@-x") }
            }
            var matched = 0
            for await result in group where result { matched += 1 }
            return matched
        }
        #expect(results == 100)
    }
}
