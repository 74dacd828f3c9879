import GenkanUnicode

/// The IDNA2008 rules UTS #46 does not apply by itself: the derived property of each code point
/// (RFC 5892 §3) and the Bidi Rule across a whole domain (RFC 5893 §2).
///
/// ICU's UTS #46 accepts symbols and emoji that IDNA2008 disallows (`☃`, `❤`, lone Hangul jamo);
/// a registry following IDNA2008 never registers such a label, so strict e-mail validation
/// refuses them. The algorithm runs on ICU's character properties and normalization.
enum IDNA2008 {
    /// The derived property value of a code point (RFC 5892 §2.8 and §3).
    enum DerivedProperty: UInt8, Sendable, Equatable {
        case pvalid, contextJ, contextO, disallowed, unassigned
    }

    /// The derived property of `scalar`, from the table of `PrecisCodePoint` for planes 0 and 1.
    static func derivedProperty(of scalar: Unicode.Scalar) -> DerivedProperty {
        PrecisCodePoint(scalar).idna2008
    }

    /// The derived property of `scalar` computed from ICU's properties, following the rules of
    /// RFC 5892 §3; `PrecisCodePoint` tabulates it.
    static func computedDerivedProperty(of scalar: Unicode.Scalar, _ properties: CodePointProperties) -> DerivedProperty {
        let value = scalar.value
        if let exception = exceptions(value) { return exception }   // F: Exceptions (§2.6)
        if properties.generalCategory == .Cn, !properties.isNoncharacter { return .unassigned }   // J
        switch value {   // K: LDH (§2.4)
        case 0x2D, 0x30...0x39, 0x61...0x7A: return .pvalid
        default: break
        }
        if properties.isJoinControl { return .contextJ }   // H (§2.5)
        // Rules B, C, D and I and the failure of A all give DISALLOWED, so their order does not
        // change the value; B, the only one that needs normalization, is tested last.
        if properties.isDefaultIgnorable || properties.isWhiteSpace || properties.isNoncharacter {
            return .disallowed   // C: IgnorableProperties (§2.3)
        }
        switch value {   // D: IgnorableBlocks (§2.9)
        case 0x20D0...0x20FF, 0x1D100...0x1D1FF, 0x1D200...0x1D24F: return .disallowed
        default: break
        }
        switch properties.hangulSyllableType {   // I: OldHangulJamo (§2.9)
        case .leading, .vowel, .trailing: return .disallowed
        default: break
        }
        switch properties.generalCategory {   // A: LetterDigits (§2.1)
        case .Ll, .Lu, .Lo, .Nd, .Lm, .Mn, .Mc: break
        default: return .disallowed
        }
        // B: Unstable (§2.2). A code point that neither NFKC nor case folding changes is stable
        // without running the three mappings.
        let quicklyStable = !properties.changesUnderNFKC && !properties.changesWhenCaseFolded
        return quicklyStable || isStable(String(scalar)) ? .pvalid : .disallowed
    }

    /// The code points of RFC 5892 §2.6 whose property is fixed by exception.
    static func exceptions(_ value: UInt32) -> DerivedProperty? {
        switch value {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9: .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: .disallowed
        default: nil
        }
    }

    /// Whether NFKC, case folding, NFKC leave `text` unchanged (RFC 5892 §2.2 applies it to one
    /// code point).
    static func isStable(_ text: String) -> Bool {
        let mapped = text.normalized(.nfkc).caseFolded.normalized(.nfkc)
        return mapped.unicodeScalars.elementsEqual(text.unicodeScalars)   // not `==`: canonical equivalence
    }

    /// The labels that break the Bidi Rule (RFC 5893 §2) when the domain is a "Bidi domain name"
    /// (one containing a right-to-left character: Bidi_Class R, AL or AN); then every label, even
    /// an all-left-to-right one, must satisfy the rule. Empty when the domain is not bidi or all
    /// its labels pass.
    static func labelsBreakingBidiRule(_ labels: [String]) -> [String] {
        // Bidi_Class R, AL and AN start at U+0590 (Hebrew); UTF-8 lead bytes below 0xD6 only
        // start code points below U+0580, which skip the property lookups.
        if labels.allSatisfy({ $0.utf8.allSatisfy { $0 < 0xD6 } }) { return [] }
        let isBidiDomain = labels.contains { $0.unicodeScalars.contains { BidiRule.isRightToLeft(PrecisCodePoint($0).bidiClass) } }
        guard isBidiDomain else { return [] }
        let properties = labels.map { $0.unicodeScalars.map(PrecisCodePoint.init) }
        return zip(labels, properties).compactMap { label, properties in
            properties.isEmpty || BidiRule.holds(for: properties) ? nil : label
        }
    }
}
