import Testing
@testable import GenkanUnicode
@testable import GenkanValidation

/// The shortcuts NameProfile takes for speed must never change a verdict: these tests hold them
/// against ICU directly.
@Suite struct PrecisCodePointTests {
    @Test func tableAgreesWithICUForTheWholeBMP() {
        var mismatches: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let table = PrecisCodePoint(scalar), icu = CodePointProperties(scalar)
            if table.generalCategory != icu.generalCategory || table.bidiClass != icu.bidiClass
                || table.precisCategory != icu.precisCategory(of: scalar) || table.joiningType != icu.joiningType
                || table.isVirama != (icu.canonicalCombiningClass == 9) || table.isBidiControl != icu.isBidiControl
                || table.isJoinControl != icu.isJoinControl || table.isDefaultIgnorable != icu.isDefaultIgnorable
            {
                mismatches.append(String(value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// Every code point that lower-casing changes is flagged, so skipping the ICU call for text
    /// without flagged code points is exact.
    @Test func everyCodePointThatLowercasingChangesIsFlagged() {
        var missed: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !PrecisCodePoint(scalar).mayChangeWhenLowercased else { continue }
            if String(scalar).icuLowercased != String(scalar) { missed.append(String(value, radix: 16)) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(20))")
    }

    /// The single-script shortcut rests on two facts of the Unicode data, checked here for every
    /// code point: a code point of a particular script lists that script among its
    /// Script_Extensions, and the code points treated as belonging to every script (Common or
    /// Inherited without extensions of their own) include all of ASCII but its letters.
    @Test func scriptExtensionsContainTheScript() {
        let common = CodePointProperties.scriptCode("Zyyy")!, inherited = CodePointProperties.scriptCode("Zinh")!
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let script = CodePointProperties(scalar).script
            let extensions = scalar.scriptExtensions
            if script != common, script != inherited, !extensions.contains(script) {
                mismatches.append(String(value, radix: 16))
            }
            if value < 0x80, !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)), extensions != [common] {
                mismatches.append(String(value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// A string the single-script shortcut lets through is one ICU's spoof checker accepts.
    @Test func singleScriptShortcutAgreesWithTheSpoofChecker() {
        let samples = NameCorpusCase.all.compactMap { NameProfile.nickname.enforcePrecis($0.input).output }
            + ["山田太郎", "Иван Петров", "Ελένη", "محمد 12", "שלום", "김민준", "ไทย", "Taro-1", "Аdmin", "раураl",
               "Taro 😀", "😀", "José", "Иван 👍🏽", "Ωmega", "a\u{301}b", "スミス–ジョン", "山田。", "Ａｄｍｉｎ"]
        for sample in samples where NameProfile.isSingleScript(sample) {
            #expect(!SpoofChecker.check(sample).contains(.mixedScriptConfusable), "\(sample)")
        }
        #expect(!NameProfile.isSingleScript("\u{410}dmin"))
    }

    @Test func utf8NormalizationMatchesUTF16Normalization() {
        for sample in NameCorpusCase.all.map(\.input) {
            for form in [NormalizationForm.nfc, .nfkc] {
                #expect(sample.normalizedUTF8(form) == sample.normalized(form), "\(sample)")
            }
            #expect(sample.lowercasedUTF8 == sample.icuLowercased, "\(sample)")
        }
        let long = String(repeating: "ﾊﾟ", count: 400)   // beyond the C stack buffer, and it shrinks
        #expect(long.normalizedUTF8(.nfkc) == String(repeating: "パ", count: 400))
        let growing = String(repeating: "\u{FDFA}", count: 300)   // one code point becomes 18
        #expect(growing.normalizedUTF8(.nfkc) == growing.normalized(.nfkc))
    }
}
