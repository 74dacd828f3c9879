import GenkanUnicode

/// The value a PRECIS string class gives one code point (RFC 8264 §8).
package enum PrecisDerivedProperty: Sendable, Hashable {
    case pvalid
    /// Valid in the FreeformClass only ("ID_DIS or FREE_PVAL", RFC 8264 §8).
    case freePvalid
    /// Valid only when the RFC 5892 Appendix A.1–A.2 joiner rule holds.
    case contextJ
    /// Valid only when its RFC 5892 Appendix A.3–A.9 rule holds.
    case contextO
    case disallowed
    case unassigned
}

/// The category of RFC 8264 §9 that decided a code point's derived property; it chooses the issue
/// code Genkan reports for a character the class refuses.
package enum PrecisCategory: Sendable, Hashable {
    case exceptions, unassigned, ascii7, joinControl, oldHangulJamo, ignorable, controls
    case hasCompat, letterDigits, otherLetterDigits, spaces, symbols, punctuation, other
}

/// The two PRECIS string classes (RFC 8264 §4).
package enum PrecisStringClass: Sendable, Hashable {
    case identifier
    case freeform
}

extension CodePointProperties {
    /// The RFC 8264 §9 category that decides this code point's derived property, tested in the
    /// order of the §8 algorithm.
    func precisCategory(of scalar: Unicode.Scalar) -> PrecisCategory {
        let value = scalar.value
        if PrecisExceptions.value(for: value) != nil { return .exceptions }   // §9.6 (RFC 5892 §2.6)
        // §9.7 BackwardCompatible is empty.
        if generalCategory == .Cn && !isNoncharacter { return .unassigned }       // §9.9
        if (0x21...0x7E).contains(value) { return .ascii7 }                      // §9.11
        if isJoinControl { return .joinControl }                                  // §9.8
        switch hangulSyllableType {                                               // §9.9 OldHangulJamo
        case .leading, .vowel, .trailing: return .oldHangulJamo
        default: break
        }
        if isDefaultIgnorable || isNoncharacter { return .ignorable }             // §9.13
        if generalCategory == .Cc { return .controls }                            // §9.12
        if changesUnderNFKC { return .hasCompat }                                 // §9.17
        switch generalCategory {
        case .Ll, .Lu, .Lo, .Nd, .Lm, .Mn, .Mc: return .letterDigits             // §9.1
        case .Lt, .Nl, .No, .Me: return .otherLetterDigits                       // §9.18
        case .Zs: return .spaces                                                  // §9.14
        case .Sm, .Sc, .Sk, .So: return .symbols                                  // §9.15
        case .Pc, .Pd, .Ps, .Pe, .Pi, .Pf, .Po: return .punctuation               // §9.16
        default: return .other
        }
    }

    /// The PRECIS derived property of this code point in `stringClass` (RFC 8264 §8).
    func precisDerivedProperty(of scalar: Unicode.Scalar, in stringClass: PrecisStringClass)
        -> (property: PrecisDerivedProperty, category: PrecisCategory)
    {
        let category = precisCategory(of: scalar)
        let freeformOnly: PrecisDerivedProperty = stringClass == .freeform ? .freePvalid : .disallowed
        switch category {
        case .exceptions: return (PrecisExceptions.value(for: scalar.value)!, category)
        case .unassigned: return (.unassigned, category)
        case .ascii7, .letterDigits: return (.pvalid, category)
        case .joinControl: return (.contextJ, category)
        case .oldHangulJamo, .ignorable, .controls, .other: return (.disallowed, category)
        case .hasCompat, .otherLetterDigits, .spaces, .symbols, .punctuation: return (freeformOnly, category)
        }
    }
}

/// The Exceptions category (RFC 8264 §9.6): the fixed table of RFC 5892 §2.6, whose values the
/// Unicode properties alone cannot give.
package enum PrecisExceptions {
    package static func value(for codePoint: UInt32) -> PrecisDerivedProperty? {
        switch codePoint {
        // PVALID, would otherwise have been DISALLOWED.
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: .pvalid
        // CONTEXTO, would otherwise have been DISALLOWED.
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB: .contextO
        // CONTEXTO, would otherwise have been PVALID: Arabic-Indic and Extended Arabic-Indic digits.
        case 0x0660...0x0669, 0x06F0...0x06F9: .contextO
        // DISALLOWED, would otherwise have been PVALID.
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: .disallowed
        default: nil
        }
    }
}
