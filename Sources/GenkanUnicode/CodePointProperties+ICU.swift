private import CICU

/// The Unicode properties of one code point that Genkan's rules look at, read from ICU's data so
/// that every rule sees the same Unicode version.
package struct CodePointProperties: Sendable, Equatable {
    package enum GeneralCategory: UInt8, Sendable {
        case Lu, Ll, Lt, Lm, Lo, Mn, Mc, Me, Nd, Nl, No, Pc, Pd, Ps, Pe, Pi, Pf, Po, Sm, Sc, Sk, So
        case Zs, Zl, Zp, Cc, Cf, Cs, Co, Cn
    }

    package enum BidiClass: UInt8, Sendable {
        case L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI
    }

    package enum EastAsianWidth: UInt8, Sendable { case neutral, ambiguous, halfwidth, fullwidth, narrow, wide }
    package enum DecompositionType: UInt8, Sendable { case none, canonical, wide, narrow, other }
    package enum HangulSyllableType: UInt8, Sendable { case notApplicable, leading, vowel, trailing, lv, lvt }

    package let generalCategory: GeneralCategory
    package let bidiClass: BidiClass
    package let eastAsianWidth: EastAsianWidth
    package let decompositionType: DecompositionType
    package let hangulSyllableType: HangulSyllableType
    package let canonicalCombiningClass: UInt8
    /// Joining_Type as its one-letter code (`U`, `C`, `D`, `L`, `R`, `T`).
    package let joiningType: Character
    package let isDefaultIgnorable: Bool
    package let isNoncharacter: Bool
    package let isBidiControl: Bool
    package let isJoinControl: Bool
    package let isWhiteSpace: Bool
    package let changesUnderNFKC: Bool
    package let isUppercase: Bool
    package let isLowercase: Bool
    package let isAlphabetic: Bool
    package let changesWhenCaseFolded: Bool
    /// Grapheme_Cluster_Break Extend, ZWJ or SpacingMark: it joins what precedes it (UAX #29 GB9, GB9a).
    package let extendsGraphemeCluster: Bool
    /// Grapheme_Cluster_Break Prepend: it joins what follows it (UAX #29 GB9b).
    package let isPrepend: Bool
    package let script: Int32

    package init(_ scalar: Unicode.Scalar) {
        var info = GenkanICUCodePointInfo()
        _ = GenkanICU_codePointInfo(scalar.value, &info)
        generalCategory = GeneralCategory(rawValue: info.generalCategory) ?? .Cn
        bidiClass = BidiClass(rawValue: info.bidiClass) ?? .ON
        eastAsianWidth = EastAsianWidth(rawValue: info.eastAsianWidth) ?? .neutral
        decompositionType = DecompositionType(rawValue: info.decompositionType) ?? .other
        hangulSyllableType = HangulSyllableType(rawValue: info.hangulSyllableType) ?? .notApplicable
        canonicalCombiningClass = info.combiningClass
        joiningType = Character(Unicode.Scalar(info.joiningType))
        let flags = info.flags
        func has(_ flag: Int) -> Bool { flags & UInt32(flag) != 0 }
        isDefaultIgnorable = has(GenkanICUFlagDefaultIgnorable)
        isNoncharacter = has(GenkanICUFlagNoncharacter)
        isBidiControl = has(GenkanICUFlagBidiControl)
        isJoinControl = has(GenkanICUFlagJoinControl)
        isWhiteSpace = has(GenkanICUFlagWhiteSpace)
        changesUnderNFKC = has(GenkanICUFlagChangesUnderNFKC)
        isUppercase = has(GenkanICUFlagUppercase)
        isLowercase = has(GenkanICUFlagLowercase)
        isAlphabetic = has(GenkanICUFlagAlphabetic)
        changesWhenCaseFolded = has(GenkanICUFlagChangesWhenCasefolded)
        extendsGraphemeCluster = has(GenkanICUFlagGraphemeExtender)
        isPrepend = has(GenkanICUFlagGraphemePrepend)
        script = info.script
    }

    /// The ICU script code for an ISO 15924 name ("Grek", "Hebr"), or nil when unknown.
    package static func scriptCode(_ iso15924: String) -> Int32? {
        let code = GenkanICU_scriptCode(iso15924)
        return code < 0 ? nil : code
    }

    /// The Unicode version of ICU's character data, as "15.0".
    package static var unicodeVersion: String { String(cString: GenkanICU_unicodeVersion()) }
}
