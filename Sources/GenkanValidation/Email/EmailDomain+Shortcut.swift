import GenkanUnicode

extension EmailDomain {
    /// The two forms of a valid domain whose labels UTS #46 leaves as they are but for ASCII
    /// lower-casing, computed without ICU; nil for any other domain, which the label-by-label
    /// path then decides and explains. `bytes` must have passed `characterIssues`.
    ///
    /// It answers only where the label-by-label path gives the same forms and no issue. Each
    /// label must be a "simple" label:
    /// - ASCII letters, digits and hyphens, and code points whose IDNA2008 derived property is
    ///   PVALID and that are NFC starters with NFC_QC=Yes. UTS #46 maps such a code point to
    ///   itself (its status is valid, which the tests check for every one of them against ICU),
    ///   and a text of such starters is already NFC (UAX #15 §9), so ToUnicode gives the label
    ///   lower-cased and ToASCII gives `xn--` and its Punycode;
    /// - not starting with a combining mark (UTS #46 §4.1 V5) nor with `xn--` (an A-label);
    /// - no hyphen at either end or in the third and fourth places (RFC 5891 §4.2.3.1).
    /// The domain must then pass `registrationIssues` and the Bidi Rule as the other path checks
    /// them.
    static func simpleInternationalForms(_ bytes: UnsafeBufferPointer<UInt8>) -> (unicode: String, ascii: String)? {
        var unicodeLabels: [String] = []
        var asciiLabels: [String] = []
        var isSimple = true
        forEachLabel(in: bytes) { range in
            guard isSimple, let label = simpleLabel(UnsafeBufferPointer(rebasing: bytes[range])) else {
                isSimple = false
                return
            }
            unicodeLabels.append(label.unicode)
            asciiLabels.append(label.ascii)
        }
        guard isSimple, asciiLabels.count >= 2,
            asciiLabels.allSatisfy({ $0.utf8.count <= StrictEmailValidator.labelMaximumLength })
        else { return nil }
        let ascii = String(joining: asciiLabels, separator: ".")
        let passes = UTF8Text.withBytes(of: ascii) { bytes in
            guard bytes.count <= StrictEmailValidator.domainMaximumLength, let last = bytes.last,
                (last >= UInt8(ascii: "a") && last <= UInt8(ascii: "z"))
            else { return false }
            return specialUseName(underASCII: bytes) == nil
        }
        guard passes, IDNA2008.labelsBreakingBidiRule(unicodeLabels).isEmpty else { return nil }
        return (String(joining: unicodeLabels, separator: "."), ascii)
    }

    /// A simple label (see `simpleInternationalForms`) in its two forms; nil for any other.
    private static func simpleLabel(_ bytes: UnsafeBufferPointer<UInt8>) -> (unicode: String, ascii: String)? {
        guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "-"), last != UInt8(ascii: "-") else { return nil }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var isASCII = true
        var offset = 0
        while offset < bytes.count {
            var (scalar, next) = UTF8Text.scalar(at: offset, in: bytes)
            switch scalar {
            case "a"..."z", "0"..."9", "-": break
            case "A"..."Z": scalar = Unicode.Scalar(scalar.value | 0x20)!
            case _ where scalar.isASCII: return nil
            default:
                let properties = PrecisCodePoint(scalar)
                guard properties.idna2008 == .pvalid, properties.isNFCStarter, !(offset == 0 && properties.generalCategory.isMark) else {
                    return nil
                }
                isASCII = false
            }
            scalars.append(scalar)
            offset = next
        }
        if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" { return nil }   // also every "xn--"
        // Lower-casing ASCII letters byte by byte leaves every other UTF-8 sequence as it is.
        let text = asciiLowercased(bytes)
        return (text, isASCII ? text : "xn--" + Punycode.encode(scalars))
    }
}
