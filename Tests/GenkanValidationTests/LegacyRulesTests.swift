import Foundation
import GenkanTestSupport
import Testing
import GenkanValidation

// `ValidationViewModel.legacy` is the seed's ValidationViewModel, which read:
//
//     let emailRegex = "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,6}"
//     return NSPredicate(format: "SELF MATCHES %@", emailRegex).evaluate(with: email)
//     ...
//     if password.count >= 8 { return true }
//
// The expectations below are worked by hand from those lines. `SELF MATCHES` runs ICU's regular
// expressions on the whole value; NSRegularExpression is ICU too (NSPredicate's format parser is
// not available on Linux), so it serves as a second, independent reading of the pattern.

@Suite struct LegacyRules {
    let legacy = ValidationViewModel.legacy

    static let seedPattern = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}"#
    private static let search = try! NSRegularExpression(pattern: seedPattern)
    private static let whole = try! NSRegularExpression(pattern: #"\A(?:"# + seedPattern + #")\z"#)

    /// Whether ICU finds the seed's pattern anywhere in `value` (what a partial match would accept).
    static func found(_ value: String) -> Bool {
        search.firstMatch(in: value, range: NSRange(location: 0, length: value.utf16.count)) != nil
    }

    /// Whether ICU matches the seed's pattern against all of `value`, as `SELF MATCHES` does.
    static func matchesWhole(_ value: String) -> Bool {
        whole.firstMatch(in: value, range: NSRange(location: 0, length: value.utf16.count)) != nil
    }

    // MARK: validateEmail(email:)

    @Test(arguments: [
        ("taro@example.com", true),
        ("TARO@EXAMPLE.COM", true),                         // both cases are spelled out in the classes
        ("first.last+tag%x_y-z@sub.example.co.jp", true),
        ("a@b.co", true), ("a@b.museum", true), ("a@b.travel", true),
        ("a@b.c", false), ("a@b.travels", false),           // 2 to 6 letters after the last dot
        ("a@b.co.jp", true), ("a@b.co.j", false),           // the last dot decides
        ("a@..co", true), ("a@-.co", true), (".@b.co", true), ("a..b@c.co", true),   // the seed allowed these
        ("a@.co", false),                                   // the domain needs one character before its dot
        ("a@b_c.co", false), ("a@b.c0m", false), ("a@b.com1", false),
        ("@b.co", false), ("a@", false), ("a", false), ("", false), ("a b@c.co", false),
        ("ｔａｒｏ@example.com", false),                      // full-width letters are not A–Z
        ("\u{212A}@example.com", false),                    // KELVIN SIGN is not K: no case folding
        ("taro@exämple.com", false), ("taro@example.ｃｏｍ", false), ("タロウ@example.com", false),
    ])
    func legacyEmailIsTheSeedPattern(address: String, expected: Bool) {
        #expect(legacy.validateEmail(email: address) == expected)
        #expect(Self.matchesWhole(address) == expected)
    }

    /// Values around an address the seed accepts: a search for the pattern finds one in each, the
    /// seed's whole-value match accepts none.
    @Test(arguments: [
        " taro@example.com", "taro@example.com ", "\ttaro@example.com",
        "taro@example.com\n",                               // `$` would allow a final newline; MATCHES does not
        "<taro@example.com>", "Taro <taro@example.com>", "mailto:taro@example.com",
        "taro@example.community",                           // "taro@example.commun" is a match
        "taro@example.co1",                                 // "taro@example.co" is a match
        "taro@example.com.", "taro@example.com/", "taro@example.com@example.com",
        "taro@example.com\u{301}",                          // a combining accent on the last letter
        "たろう taro@example.com",
    ])
    func legacyEmailMatchesTheWholeValueOnly(value: String) {
        #expect(Self.found(value), "not a useful case: a partial match would refuse it too")
        #expect(!legacy.validateEmail(email: value))
        #expect(!Self.matchesWhole(value))
    }

    @Test func legacyEmailAgreesWithICUOnGeneratedValues() {
        // Mostly pieces the pattern accepts, so that both verdicts come up often.
        let prefixes = ["", "", "", "", "", " ", "<", "a@"]
        let locals = ["taro", "a", "A.B", "x+y", "%", "_-", ".", "Z9", "", " ", "é", "ｔ", "t@"]
        let ats = ["@", "@", "@", "@", "@", "@@", "", "＠"]
        let domains = ["example", "b", "-", ".", "a.b", "B-2", "sub.example", "", "ex_ample", "ä"]
        let dots = [".", ".", ".", ".", "..", "", "。"]
        let tlds = ["com", "museum", "JP", "co.uk", "travel", "c", "travels", "co1", "", "ｃｏ", "x.y"]
        let suffixes = ["", "", "", "", "", "", " ", "\n", ".", "\u{301}", "👨‍👩‍👧‍👦", ">"]
        var random = SplitMix64(seed: 0x5EED)
        var accepted = 0
        var refused = 0
        for _ in 0..<20_000 {
            let parts = [prefixes, locals, ats, domains, dots, tlds, suffixes].map { random.pick($0) }
            let value = parts.joined()
            let expected = Self.matchesWhole(value)
            #expect(legacy.validateEmail(email: value) == expected, "\(value.debugDescription)")
            if expected { accepted += 1 } else { refused += 1 }
        }
        // Both verdicts are well represented, so the comparison tests something.
        #expect(accepted > 400 && refused > 400, "accepted \(accepted), refused \(refused)")
    }

    @Test func legacyEmailRefusesOnlyValuesBeyondTheInputLimit() {
        // The one difference from the seed: more than EmailRule.maximumInputLength bytes are not read.
        let suffix = "@example.com"
        let longest = String(repeating: "a", count: EmailRule.maximumInputLength - suffix.utf8.count) + suffix
        #expect(longest.utf8.count == 1024 && Self.matchesWhole(longest))
        #expect(legacy.validateEmail(email: longest))
        #expect(!legacy.validateEmail(email: "a" + longest))
        // Long domains backtrack the most; within the limit they are matched in full.
        let dotted = "a@" + String(repeating: "b.", count: 509) + "com"
        #expect(dotted.utf8.count == 1023 && legacy.validateEmail(email: dotted))
        let flat = "a@" + String(repeating: "b", count: 1018) + ".com"
        #expect(flat.utf8.count == 1024 && legacy.validateEmail(email: flat))
        #expect(!legacy.validateEmail(email: "a@" + String(repeating: "b.", count: 510) + "c"))
    }

    // MARK: validatePassWord(password:)

    /// Fewer than 8 Characters, but 8 or more UTF-16 units (and, but for 𠮷, code points): counting
    /// either of those would accept each value, `count >= 8` refuses it.
    @Test(arguments: [
        // value, Characters, code points, UTF-16 units (worked by hand)
        (String(repeating: "👨‍👩‍👧‍👦", count: 7), 7, 49, 77),        // 4 people joined by 3 ZWJ: 1 Character
        (String(repeating: "🇯🇵", count: 7), 7, 14, 28),            // two regional indicators
        (String(repeating: "e\u{301}", count: 7), 7, 14, 14),       // e + COMBINING ACUTE ACCENT
        (String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 3), 3, 9, 9),   // 각 as conjoining jamo
        (String(repeating: "\r\n", count: 4), 4, 8, 8),             // CR LF is one Character
        (String(repeating: "𠮷", count: 4), 4, 4, 8),                // outside the BMP: a surrogate pair
        ("👍🏽👍🏽👍🏽👍🏽", 4, 8, 16),                                     // a skin-tone modifier joins its emoji
    ])
    func legacyPasswordCountsCharacters(value: String, characters: Int, codePoints: Int, utf16: Int) {
        #expect(value.count == characters)
        #expect(value.unicodeScalars.count == codePoints)
        #expect(value.utf16.count == utf16)
        #expect(characters < 8 && utf16 >= 8)
        #expect(!legacy.validatePassWord(password: value))
    }

    @Test(arguments: [
        ("password", true), ("passwor", false), ("", false), ("        ", true),   // spaces count, as in the seed
        (String(repeating: "👨‍👩‍👧‍👦", count: 8), true), (String(repeating: "e\u{301}", count: 8), true),
        (String(repeating: "𠮷", count: 8), true), ("パスワード１２３", true), ("パスワード１２", false),
        ("12345678", true), ("\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}", true),     // nothing but the count
    ])
    func legacyPasswordIsCountAtLeastEight(value: String, expected: Bool) {
        #expect(legacy.validatePassWord(password: value) == expected)
    }

    @Test func legacyPasswordAgreesWithCountOnGeneratedValues() {
        let pieces = [
            "a", "Z", "1", " ", "\u{301}", "\u{200D}", "\u{FE0F}", "👨", "👩", "🏽", "🇯", "🇵", "\r", "\n",
            "\u{1100}", "\u{1161}", "\u{11A8}", "𠮷", "ﾀ", "ﾞ", "क", "\u{94D}", "ष",
        ]
        var random = SplitMix64(seed: 0xC0FFEE)
        var accepted = 0
        for _ in 0..<5_000 {
            let value = (0..<random.below(16)).map { _ in random.pick(pieces) }.joined()
            let expected = value.count >= 8
            #expect(legacy.validatePassWord(password: value) == expected, "\(value.unicodeScalars.map { String($0.value, radix: 16) })")
            if expected { accepted += 1 }
        }
        #expect(accepted > 500 && accepted < 4_500)
    }

    @Test func legacyPasswordRefusesOnlyValuesBeyondTheHardMaximum() {
        // The differences from the seed: PasswordPolicy.hardMaximumLength (4096, Firebase's
        // ceiling) and 4 × 4096 bytes of UTF-8, whichever comes first.
        #expect(legacy.validatePassWord(password: String(repeating: "a", count: 4096)))
        #expect(!legacy.validatePassWord(password: String(repeating: "a", count: 4097)))
        let family = "👨‍👩‍👧‍👦"                                  // 25 bytes
        #expect(legacy.validatePassWord(password: String(repeating: family, count: 655)))    // 16,375 bytes
        #expect(!legacy.validatePassWord(password: String(repeating: family, count: 656)))   // 16,400 bytes
    }
}

extension SplitMix64 {
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    fileprivate mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
