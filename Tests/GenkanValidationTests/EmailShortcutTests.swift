import GenkanTestSupport
import Testing
@testable import GenkanUnicode
@testable import GenkanValidation

/// The shortcuts strict e-mail validation takes for speed must never change a verdict: these
/// tests hold each one against ICU called directly, for every code point of planes 0 and 1
/// (those `PrecisCodePoint` tabulates) where that is feasible.
@Suite("E-mail shortcuts agree with ICU")
struct EmailShortcutTests {
    /// Planes 0 and 1 but the surrogates.
    static let tabulated: [Unicode.Scalar] = (UInt32(0)...0x1FFFF).compactMap(Unicode.Scalar.init)
    static let nonASCII = tabulated.filter { !$0.isASCII }

    @Test func tableHoldsWhatICUSays() {
        var mismatches: [String] = []
        for scalar in Self.tabulated {
            let table = PrecisCodePoint(scalar), icu = CodePointProperties(scalar)
            let compatibility = icu.decompositionType != .none && icu.decompositionType != .canonical
            let fullStop = icu.changesUnderNFKC && String(scalar).normalized(.nfkd).unicodeScalars.contains(".")
            if table.isWhiteSpace != icu.isWhiteSpace || table.changesUnderNFKC != icu.changesUnderNFKC
                || table.hasCompatibilityDecomposition != compatibility || table.compatibilityMappingHasFullStop != fullStop
                || table.isNFCStarter != scalar.normalizationQuickCheck.nfcStarter
            {
                mismatches.append(hex(scalar))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// The table's IDNA2008 property, computed with rule B last and a quick stability test, is
    /// what RFC 5892 §3 gives with its rules in their order and the three mappings run every time.
    @Test func derivedPropertyFollowsRFC5892() {
        var mismatches: [String] = []
        var unstablePVALID: [String] = []
        for scalar in Self.tabulated {
            let property = PrecisCodePoint(scalar).idna2008
            if property != Self.rfc5892DerivedProperty(scalar) { mismatches.append(hex(scalar)) }
            // The simple-label shortcut relies on it: NFKC leaves every PVALID code point alone.
            if property == .pvalid, CodePointProperties(scalar).changesUnderNFKC { unstablePVALID.append(hex(scalar)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(unstablePVALID.isEmpty, "\(unstablePVALID.prefix(20))")
    }

    /// RFC 5892 §3 as written: F, J, K, H, B, C, D, I, A.
    static func rfc5892DerivedProperty(_ scalar: Unicode.Scalar) -> IDNA2008.DerivedProperty {
        let value = scalar.value
        let properties = CodePointProperties(scalar)
        if let exception = IDNA2008.exceptions(value) { return exception }
        if properties.generalCategory == .Cn, !properties.isNoncharacter { return .unassigned }
        if value == 0x2D || (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) { return .pvalid }
        if properties.isJoinControl { return .contextJ }
        if !IDNA2008.isStable(String(scalar)) { return .disallowed }
        if properties.isDefaultIgnorable || properties.isWhiteSpace || properties.isNoncharacter { return .disallowed }
        if (0x20D0...0x20FF).contains(value) || (0x1D100...0x1D24F).contains(value) { return .disallowed }
        if [.leading, .vowel, .trailing].contains(properties.hangulSyllableType) { return .disallowed }
        return [.Ll, .Lu, .Lo, .Nd, .Lm, .Mn, .Mc].contains(properties.generalCategory) ? .pvalid : .disallowed
    }

    /// The UTF-8 entry points convert in C and must give what ICU's UTF-16 functions give,
    /// including where ICU's own UTF-8 functions differ (an emptied trailing label).
    @Test func utf8IDNAMatchesUTF16() {
        let options = EmailDomain.idnaOptions
        var domains = ["local.\u{AD}", "a.\u{AD}", "a\u{AD}", "", ".", "a..b", "xn--bcher-kva.example", "XN--BCHER-KVA.Example",
                       "xn--a.com", "ｘｎ--bcher-kva.example", "例え。テスト", String(repeating: "ü", count: 300)]
        domains += EmailCorpus.entries.compactMap { $0.input.split(separator: "@", maxSplits: 1).dropFirst().first.map(String.init) }
        domains += Self.tabulated.map { "a\(String($0))b.com" }
        var mismatches: [String] = []
        for domain in domains {
            for (utf8, utf16) in [(IDNA.toASCII(domain, options: options), IDNA.toASCIIThroughUTF16(domain, options: options)),
                                  (IDNA.toUnicode(domain, options: options), IDNA.toUnicodeThroughUTF16(domain, options: options))]
            where utf8.errors != utf16.errors || utf8.value.map(scalars) != utf16.value.map(scalars) {
                mismatches.append(domain.debugDescription)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(IDNA.toASCII("a.\u{AD}", options: options).errors.isEmpty)
        // The call that gives both forms at once gives what the two calls give.
        for domain in domains + [String(repeating: "\u{FDFA}", count: 40)] {
            var bytes = domain
            let both = bytes.withUTF8 { IDNA.toUnicodeAndASCII(utf8: $0, options: options) }
            let unicode = IDNA.toUnicode(domain, options: options), ascii = IDNA.toASCII(domain, options: options)
            #expect(both.unicode.errors == unicode.errors && both.unicode.value.map(scalars) == unicode.value.map(scalars), "\(domain.debugDescription)")
            #expect(both.ascii.errors == ascii.errors && both.ascii.value.map(scalars) == ascii.value.map(scalars), "\(domain.debugDescription)")
        }
    }

    /// A special character followed by an NFC starter with NFC_QC=Yes never composes with it, so
    /// `EmailAddressParts` skips the normalizer; a text of such starters is already NFC, so the
    /// local part skips it too.
    @Test func nfcStartersNeitherComposeNorNeedNormalizing() {
        var mismatches: [String] = []
        for scalar in Self.nonASCII where PrecisCodePoint(scalar).isNFCStarter {
            for special in ["@", "<", "\"", "\\"] {
                let text = special + String(scalar)
                if text.normalized(.nfc).unicodeScalars.first != special.unicodeScalars.first { mismatches.append("\(special) \(hex(scalar))") }
            }
            if !"a\(String(scalar))b".isNormalized(.nfc) { mismatches.append(hex(scalar)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// `labelTexts` decides from the two neighbours of a separator whether it is a character of
    /// its own; it must split exactly where the Character view does.
    @Test(arguments: [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"] as [Unicode.Scalar])
    func separatorsSplitWhereCharactersDo(_ separator: Unicode.Scalar) {
        let sample = separator == "." ? Self.nonASCII : Self.nonASCII.enumerated().filter {
            // The neighbours that can join a separator are marks, format characters and the
            // prepended letters; all of those, and every 17th other code point.
            let category = PrecisCodePoint($0.element).generalCategory
            return category.isMark || category == .Cf || category == .Lo || $0.offset % 17 == 0
        }.map(\.element)
        var mismatches: [String] = []
        for scalar in sample {
            for domain in ["a\(String(scalar))\(String(separator))b", "a\(String(separator))\(String(scalar))b"] {
                let bySeparatorCharacters = domain[...].split(omittingEmptySubsequences: false) {
                    $0.unicodeScalars.count == 1 && EmailDomain.isLabelSeparator($0.unicodeScalars.first!)
                }
                if EmailDomain.labelTexts(domain[...]).map({ Array($0.unicodeScalars) }) != bySeparatorCharacters.map({ Array($0.unicodeScalars) }) {
                    mismatches.append(hex(scalar))
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// A simple label gets, without ICU, the forms and issues (none) the label-by-label path
    /// gets through ICU's ToUnicode and ToASCII: every code point that can be in one, in the
    /// middle and at the start of a label, then labels made of many of them.
    @Test func simpleLabelsAreWhatICUMakesOfThem() {
        var simple: [Unicode.Scalar] = []
        var mismatches: [String] = []
        for scalar in Self.nonASCII {
            for label in ["a\(String(scalar))b", "\(String(scalar))b"] where Self.simpleForms(label) != nil {
                if label.hasPrefix("a") { simple.append(scalar) }
                if !Self.shortcutAgrees(label) { mismatches.append(hex(scalar)) }
            }
        }
        #expect(simple.count > 50_000, "\(simple.count) code points can be in a simple label")
        var generator = SplitMix64(seed: 46)
        let ascii = Array("abcxyzABCXYZ0123456789-".unicodeScalars)
        var generated = 0
        for _ in 0..<5_000 {
            var label = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(generator.next() % 12)) {
                let pool = generator.next() % 3 == 0 ? ascii : simple
                label.append(pool[Int(generator.next() % UInt64(pool.count))])
            }
            let text = String(label)
            guard Self.simpleForms(text) != nil else { continue }
            generated += 1
            if !Self.shortcutAgrees(text) { mismatches.append(text.debugDescription) }
        }
        #expect(generated > 2_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// An A-label whose Punycode decodes to a simple label skips ICU: it must get what ICU's
    /// decoding and re-encoding give it, and Punycode that does not decode, or decodes to
    /// something else, must still go to ICU.
    @Test func aLabelsOfSimpleLabelsAreWhatICUMakesOfThem() {
        var generator = SplitMix64(seed: 47)
        let simple = Self.nonASCII.filter { Self.simpleForms("a\(String($0))b") != nil }
        var labels: [String] = []
        for _ in 0..<3_000 {
            var label = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                label.append(generator.next() % 3 == 0 ? Unicode.Scalar(UInt8(ascii: "a") + UInt8(generator.next() % 26)) : simple[Int(generator.next() % UInt64(simple.count))])
            }
            if let forms = Self.simpleForms(String(label)) { labels.append(forms.ascii) }
        }
        let digits = Array("abcdefghijklmnopqrstuvwxyz0123456789-")
        for _ in 0..<3_000 {   // Punycode that mostly does not decode, or not to a simple label
            labels.append("xn--" + String((0..<(1 + Int(generator.next() % 10))).map { _ in digits[Int(generator.next() % UInt64(digits.count))] }))
        }
        labels += ["xn--", "xn---", "xn--a", "xn--bcher-kva", "xn--bcher-kva-", "xn--Bcher-kva", "xn--zca", "xn--ls8h", "xn--9", "xn--ab--cd"]
        var mismatches: [String] = []
        for label in labels where !Self.shortcutAgrees(label.lowercased()) { mismatches.append(label) }
        #expect(labels.count > 5_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        for notSimple in ["bu\u{308}cher", "B\u{DC}CHER", "ｅxample", "-ü", "ü-", "ab--ü", "xn--ü", "XN--ü", "\u{301}ü", "ﬁle", "a\u{200D}ü", "abc"] {
            #expect(Self.simpleForms(notSimple) == nil, "\(notSimple.debugDescription)")
        }
    }

    private static func simpleForms(_ label: String) -> (unicode: String, ascii: String)? {
        var label = label
        return label.withUTF8 { EmailDomain.simpleLabelForms($0) }
    }

    /// Whether the label gets the same forms, issues and shape with the shortcut as through ICU.
    private static func shortcutAgrees(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let fast = EmailDomain.label(bytes), slow = EmailDomain.label(bytes, shortcuts: false)
            return fast.issues == slow.issues && fast.isACE == slow.isACE && scalars(fast.unicode) == scalars(slow.unicode)
                && scalars(fast.ascii) == scalars(slow.ascii) && fast.shape == slow.shape
        }
    }

    /// A label may map to an A-label only when its first character is an x or a compatibility
    /// character whose NFKC_Casefold starts with x or is empty; for every other compatibility
    /// character, whatever follows, the mapped label does not start with `xn--`.
    @Test func onlyAnXMapsToTheACEPrefix() {
        var mismatches: [String] = []
        for scalar in Self.nonASCII where PrecisCodePoint(scalar).hasCompatibilityDecomposition {
            guard !PrecisCodePoint(scalar).compatibilityMappingMayStartWithX else { continue }
            for rest in ["xn--ab", "\u{301}xn--ab", "n--ab", "\u{20D2}\u{301}n--ab"] {
                let label = String(scalar) + rest
                if label.normalized(.nfkcCasefold).hasPrefix("xn--") { mismatches.append(hex(scalar)) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(PrecisCodePoint("ｘ").compatibilityMappingMayStartWithX)
        #expect(!PrecisCodePoint("ｅ").compatibilityMappingMayStartWithX)
    }

    /// Sample strings of RFC 3492 §7.1, (B) Chinese (simplified) and (L), with an upper-case
    /// letter kept as it is.
    @Test func punycodeGivesTheRFCSamples() {
        #expect(Punycode.encode("他们为什么不说中文") == "ihqwcrb4cv8a8dqg056pqjye")
        #expect(Punycode.encode("3年B組金八先生") == "3B-ww4c5e180e575a65lsy2b")
        #expect(Punycode.encode("bücher") == "bcher-kva")
    }

    /// NFKC_Casefold through the UTF-8 entry point, which the A-label test of a mapped label uses.
    @Test func utf8CaseFoldingNormalizationMatchesUTF16() {
        var mismatches: [String] = []
        for scalar in Self.tabulated {
            let text = "x\(String(scalar))N"
            if text.normalizedUTF8(.nfkcCasefold).unicodeScalars.elementsEqual(text.normalized(.nfkcCasefold).unicodeScalars) == false {
                mismatches.append(hex(scalar))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}

func hex(_ scalar: Unicode.Scalar) -> String { String(scalar.value, radix: 16, uppercase: true) }
