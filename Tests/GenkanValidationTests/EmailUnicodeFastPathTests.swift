import GenkanTestSupport
import Testing
@testable import GenkanValidation

/// The fast paths of `.strict` must agree with the full path wherever they answer: the plain
/// Unicode address path with `validateFully`, and the domain shortcuts (plain domains, simple
/// labels) with the label-by-label path through ICU.
@Suite("EmailRule strict Unicode fast paths")
struct EmailUnicodeFastPathTests {
    /// Addresses from the corpus and generated around what the fast paths decide: simple and
    /// mapped characters, case, separators, hyphens, A-labels, marks, right-to-left labels,
    /// special-use names and lengths.
    static let addresses: [String] = {
        var generator = SplitMix64(seed: 2027)
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        let localParts = ["user", "Info", "POSTMASTER", "dörte", "Dörte", "jos\u{E9}", "jose\u{301}", "ü.ü", ".ü", "ü.", "ü..ü",
                          "山田", "用户", "κόσμος", "\u{301}a", "a\u{301}", "ｕｓｅｒ", "a b", "a\u{200B}b", "\"ü\"", "ü<b",
                          "a\\ü", "😀", "ü" + String(repeating: "a", count: 63), String(repeating: "é", count: 64), "ǅ", "Ⅻ"]
        let labels = ["example", "EXAMPLE", "bücher", "BÜCHER", "bu\u{308}cher", "例え", "テスト", "пример", "рф", "ελληνικά",
                      "xn--bcher-kva", "XN--BCHER-KVA", "xn--ü", "ab--ü", "ü-", "-ü", "ü--ü", "ｅｘａｍｐｌｅ", "ß", "faß", "ς",
                      "\u{5D0}\u{5D1}", "\u{627}\u{644}", "1", "١٢٣", "a\u{200D}b", "ख\u{94D}\u{200D}", "l\u{B7}l", "ア・イ",
                      "\u{301}a", "\u{D4E}", "ü" + String(repeating: "a", count: 60), String(repeating: "ü", count: 40), "x", "xü", "ﬁ",
                      "a\u{2024}b", "⒈", "com", "jp", "test", "localhost", "onion", "ARPA", "123", "c0m", "", "_", "a b", "\u{AD}"]
        let separators = [".", ".", ".", ".", "\u{3002}", "\u{FF0E}", "\u{FF61}", ".\u{301}", "\u{3002}\u{301}"]
        var addresses = EmailCorpus.entries.map(\.input)
        // Around the 254-octet limit: as given, normalized and with the ASCII domain.
        for count in [10, 17, 18, 19, 20, 30] {
            addresses.append(String(repeating: "a", count: 40) + "@" + String(repeating: "例え.", count: count) + "jp")
            addresses.append(String(repeating: "é", count: 60) + "@" + String(repeating: "bücher.", count: count / 2) + "example")
            addresses.append("ü@" + String(repeating: "Ab.", count: count * 4) + "com")
        }
        for _ in 0..<30_000 {
            var domain = pick(labels)
            for _ in 0..<(Int(generator.next() % 4)) { domain += pick(separators) + pick(labels) }
            if generator.next() % 3 != 0 { domain += "." + pick(["com", "jp", "рф", "中国", "test", "COM", "x1", "ελ"]) }
            addresses.append(pick(localParts) + pick(["@", "@", "@", "@\u{301}", "＠"]) + domain)
        }
        return addresses
    }()

    @Test func plainUnicodeAgreesWithTheFullPath() {
        var answered = 0, tooLong = 0, invalid = 0
        for address in Self.addresses {
            guard let fast = StrictEmailValidator.validatePlainUnicode(address) else { continue }
            answered += 1
            if fast.issues.map(\.code) == [.emailTooLong] { tooLong += 1 } else if !fast.isValid { invalid += 1 }
            let full = StrictEmailValidator.validateFully(address)
            #expect(fast == full && fast.normalized.map(scalars) == full.normalized.map(scalars)
                && fast.ascii.map(scalars) == full.ascii.map(scalars), "\(address.debugDescription)")
        }
        #expect(answered >= 1_000, "the fast path answered \(answered) times")
        #expect(tooLong >= 5, "the fast path found \(tooLong) addresses too long")
        #expect(invalid >= 100, "the fast path found \(invalid) domains breaking a registration rule or the Bidi Rule")
    }

    @Test func domainShortcutsAgreeWithTheLabelByLabelPath() {
        var shortcutForms = 0
        for address in Self.addresses {
            guard let at = address.firstIndex(of: "@") else { continue }
            let domain = address[address.index(after: at)...]
            let fast = EmailDomain.check(domain)
            let slow = EmailDomain.check(domain, shortcuts: false)
            if fast.unicode != nil { shortcutForms += 1 }
            #expect(fast.issues == slow.issues && fast.unicode.map(scalars) == slow.unicode.map(scalars)
                && fast.ascii.map(scalars) == slow.ascii.map(scalars), "\(domain.debugDescription)")
        }
        #expect(shortcutForms >= 1_000)
    }
}
