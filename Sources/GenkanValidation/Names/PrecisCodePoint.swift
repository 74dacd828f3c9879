import GenkanUnicode

/// The properties of one code point that the PRECIS rules, the context rules, the Bidi Rule and
/// strict e-mail validation (IDNA2008, whose derived property PRECIS extends) read, packed in 64
/// bits and read from ICU (through `CodePointProperties`).
///
/// Planes 0 and 1 are looked up in tables built from ICU once, on first use (a few milliseconds
/// each); other planes are read from ICU each time. The tables are immutable after they are
/// built, so any thread may read them.
struct PrecisCodePoint: Sendable {
    private let bits: UInt64

    var generalCategory: CodePointProperties.GeneralCategory {
        CodePointProperties.GeneralCategory(rawValue: UInt8(bits & 0x1F)) ?? .Cn
    }
    var bidiClass: CodePointProperties.BidiClass {
        CodePointProperties.BidiClass(rawValue: UInt8((bits >> 5) & 0x1F)) ?? .ON
    }
    var precisCategory: PrecisCategory { PrecisCategory(rawValue: UInt8((bits >> 10) & 0xF)) ?? .other }
    /// Joining_Type as its one-letter code (`U`, `C`, `D`, `L`, `R`, `T`).
    var joiningType: Character {
        switch (bits >> 14) & 0x7 {
        case 1: "C"
        case 2: "D"
        case 3: "L"
        case 4: "R"
        case 5: "T"
        default: "U"
        }
    }
    var isVirama: Bool { bits & (1 << 17) != 0 }
    /// Join_Control: the code points of the JoinControl category (RFC 8264 §9.8), and no others.
    var isJoinControl: Bool { precisCategory == .joinControl }
    /// A starter with NFC_QC=Yes (UAX #15 §9).
    var isNFCStarter: Bool { bits & (1 << 18) != 0 }
    /// A starter with NFKC_QC=Yes (UAX #15 §9).
    var isNFKCStarter: Bool { bits & (1 << 23) != 0 }
    var isBidiControl: Bool { bits & (1 << 19) != 0 }
    var isDefaultIgnorable: Bool { bits & (1 << 20) != 0 }
    /// Decomposition_Type is Wide or Narrow (RFC 8265 §3.3.1 width mapping).
    var hasWidthDecomposition: Bool { bits & (1 << 21) != 0 }
    /// Uppercase or titlecase: lower-casing may change it (every code point that
    /// Changes_When_Lowercased has one of these properties).
    var mayChangeWhenLowercased: Bool { bits & (1 << 22) != 0 }
    /// The ICU script code; `Scripts.extended` for a Common or Inherited code point whose
    /// Script_Extensions name particular scripts, `Scripts.unknown` for a code that does not fit.
    var script: UInt8 { UInt8(truncatingIfNeeded: bits >> 24) }

    /// The IDNA2008 derived property (RFC 5892 §3).
    var idna2008: IDNA2008.DerivedProperty { IDNA2008.DerivedProperty(rawValue: UInt8((bits >> 32) & 0x7)) ?? .disallowed }
    var isWhiteSpace: Bool { bits & (1 << 35) != 0 }
    /// NFKC maps the code point to something else (the PRECIS HasCompat category, RFC 8264 §9.17).
    var changesUnderNFKC: Bool { bits & (1 << 36) != 0 }
    /// Decomposition_Type is a compatibility type (neither None nor Canonical).
    var hasCompatibilityDecomposition: Bool { bits & (1 << 37) != 0 }
    /// NFKC changes the code point and its NFKD holds a FULL STOP (`⒈`), so mapping it would split
    /// a domain label.
    var compatibilityMappingHasFullStop: Bool { bits & (1 << 38) != 0 }
    /// Grapheme_Cluster_Break Extend, ZWJ or SpacingMark, by ICU: it joins what precedes it
    /// (UAX #29 GB9, GB9a).
    var extendsGraphemeCluster: Bool { bits & (1 << 39) != 0 }
    /// Grapheme_Cluster_Break Prepend, by ICU: it joins what follows it (UAX #29 GB9b).
    var isPrepend: Bool { bits & (1 << 40) != 0 }
    /// A compatibility character that NFKC_Casefold maps to text starting with `x`, or to
    /// nothing: only such a first character can make a label map to an A-label (`ｘｎ--`).
    var compatibilityMappingMayStartWithX: Bool { bits & (1 << 41) != 0 }

    /// The script field: the ICU code, except the two markers above.
    private static func scriptField(_ script: Int32, extensions: [Int32]) -> UInt8 {
        guard script >= 0, script < Int32(Scripts.extended) else { return Scripts.unknown }
        let neutral = script == Int32(Scripts.common) || script == Int32(Scripts.inherited)
        if neutral, extensions != [script] { return Scripts.extended }
        return UInt8(script)
    }

    init(_ scalar: Unicode.Scalar) { self.init(codePoint: scalar.value) }

    /// The properties of a code point known to be a Unicode scalar value, looked up in tables the
    /// caller holds (see `withTables`), which saves a loop the lazy-initialization check.
    init(codePoint: UInt32, basic: UnsafeBufferPointer<PrecisCodePoint>, supplementary: UnsafeBufferPointer<PrecisCodePoint>) {
        if codePoint <= 0xFFFF {
            self = basic[Int(codePoint)]
        } else if codePoint <= 0x1FFFF {
            self = supplementary[Int(codePoint - 0x10000)]
        } else {
            self = Self(reading: Unicode.Scalar(codePoint)!)
        }
    }

    /// Runs `body` with the tables of planes 0 and 1.
    static func withTables<R>(
        _ body: (UnsafeBufferPointer<PrecisCodePoint>, UnsafeBufferPointer<PrecisCodePoint>) -> R
    ) -> R {
        basicPlane.withUnsafeBufferPointer { basic in
            supplementaryPlane.withUnsafeBufferPointer { supplementary in body(basic, supplementary) }
        }
    }

    /// The properties of a code point known to be a Unicode scalar value.
    init(codePoint: UInt32) {
        let value = Int(codePoint)
        if value <= 0xFFFF {
            self = Self.basicPlane[value]
        } else if value <= 0x1FFFF {
            self = Self.supplementaryPlane[value - 0x10000]
        } else {
            self = Self(reading: Unicode.Scalar(codePoint)!)
        }
    }

    private init(bits: UInt64) { self.bits = bits }

    private init(reading scalar: Unicode.Scalar) {
        let p = CodePointProperties(scalar)
        var bits = UInt64(p.generalCategory.rawValue) | UInt64(p.bidiClass.rawValue) << 5
        bits |= UInt64(p.precisCategory(of: scalar).rawValue) << 10
        bits |= UInt64(Self.joiningTypes.firstIndex(of: p.joiningType) ?? 0) << 14
        if p.canonicalCombiningClass == 9 { bits |= 1 << 17 }
        let quickCheck = scalar.normalizationQuickCheck
        if quickCheck.nfcStarter { bits |= 1 << 18 }
        if quickCheck.nfkcStarter { bits |= 1 << 23 }
        if p.isBidiControl { bits |= 1 << 19 }
        if p.isDefaultIgnorable { bits |= 1 << 20 }
        if p.decompositionType == .wide || p.decompositionType == .narrow { bits |= 1 << 21 }
        if p.isUppercase || p.generalCategory == .Lt { bits |= 1 << 22 }
        bits |= UInt64(Self.scriptField(p.script, extensions: scalar.scriptExtensions)) << 24
        bits |= UInt64(IDNA2008.computedDerivedProperty(of: scalar, p).rawValue) << 32
        if p.isWhiteSpace { bits |= 1 << 35 }
        if p.changesUnderNFKC {
            bits |= 1 << 36
            if String(scalar).normalized(.nfkd).utf8.contains(UInt8(ascii: ".")) { bits |= 1 << 38 }
        }
        if p.decompositionType != .none && p.decompositionType != .canonical {
            bits |= 1 << 37
            let folded = String(scalar).normalized(.nfkcCasefold).unicodeScalars
            if folded.first.map({ $0 == "x" }) ?? true { bits |= 1 << 41 }
        }
        if p.extendsGraphemeCluster { bits |= 1 << 39 }
        if p.isPrepend { bits |= 1 << 40 }
        self.bits = bits
    }

    private static let joiningTypes: [Character] = ["U", "C", "D", "L", "R", "T"]

    /// Planes 0 and 1, where nearly every name's code points are (plane 1 holds the emoji).
    static let basicPlane = plane(0)
    static let supplementaryPlane = plane(1)

    private static func plane(_ number: UInt32) -> [PrecisCodePoint] {
        (0...0xFFFF).map { offset in
            // Surrogate code points are not scalars and never occur in a Swift string.
            Unicode.Scalar(number << 16 | UInt32(offset)).map(PrecisCodePoint.init(reading:)) ?? PrecisCodePoint(bits: 0)
        }
    }

    /// The ICU script codes the rules compare with.
    enum Scripts {
        /// Marks Common and Inherited code points with their own Script_Extensions (`ー`, `・`).
        static let extended: UInt8 = 254
        static let unknown: UInt8 = 255
        static let common = code("Zyyy")
        static let latin = code("Latn")
        static let inherited = code("Zinh")
        static let greek = code("Grek")
        static let hebrew = code("Hebr")
        static let japanese: Set<UInt8> = [code("Hira"), code("Kana"), code("Hani")]
        private static func code(_ name: String) -> UInt8 {
            UInt8(clamping: CodePointProperties.scriptCode(name) ?? 255)
        }
    }
}

extension PrecisCodePoint {
    /// The PRECIS derived property in `stringClass` (RFC 8264 §8), from the stored category.
    func derivedProperty(of scalar: Unicode.Scalar, in stringClass: PrecisStringClass) -> PrecisDerivedProperty {
        derivedProperty(of: scalar.value, in: stringClass)
    }

    func derivedProperty(of codePoint: UInt32, in stringClass: PrecisStringClass) -> PrecisDerivedProperty {
        switch precisCategory {
        case .exceptions: PrecisExceptions.value(for: codePoint)!
        case .unassigned: .unassigned
        case .ascii7, .letterDigits: .pvalid
        case .joinControl: .contextJ
        case .oldHangulJamo, .ignorable, .controls, .other: .disallowed
        case .hasCompat, .otherLetterDigits, .spaces, .symbols, .punctuation:
            stringClass == .freeform ? .freePvalid : .disallowed
        }
    }
}
