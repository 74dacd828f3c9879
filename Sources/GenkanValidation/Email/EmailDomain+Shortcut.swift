import GenkanUnicode

extension EmailDomain {
    /// The two forms of a valid domain whose labels UTS #46 leaves as they are but for ASCII
    /// lower-casing, computed without ICU; nil for any other domain, which the label-by-label
    /// path then decides and explains. `bytes` must have passed `characterIssues`.
    ///
    /// It answers only where the label-by-label path gives the same forms and no issue. Each
    /// label must be a simple label:
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
        // The U-labels, lower-cased and joined by full stops, and where each one is.
        var unicode: [UInt8] = []
        unicode.reserveCapacity(bytes.count)
        var labels: [(range: Range<Int>, isASCII: Bool)] = []
        var isSimple = true
        forEachLabel(in: bytes) { range in
            guard isSimple, let isASCII = simpleLabelIsASCII(UnsafeBufferPointer(rebasing: bytes[range])) else {
                isSimple = false
                return
            }
            if !labels.isEmpty { unicode.append(UInt8(ascii: ".")) }
            let start = unicode.count
            for byte in bytes[range] { unicode.append(asciiLowercase(byte)) }
            labels.append((start..<unicode.count, isASCII))
        }
        guard isSimple, labels.count >= 2 else { return nil }

        var ascii: [UInt8] = []
        ascii.reserveCapacity(unicode.count + 16 * labels.count)
        let labelsFit = unicode.withUnsafeBufferPointer { unicode in
            for (index, label) in labels.enumerated() {
                if index > 0 { ascii.append(UInt8(ascii: ".")) }
                let start = ascii.count
                if label.isASCII {
                    ascii.append(contentsOf: unicode[label.range])
                } else {
                    ascii.append(contentsOf: "xn--".utf8)
                    Punycode.encode(utf8: UnsafeBufferPointer(rebasing: unicode[label.range]), into: &ascii)
                }
                if ascii.count - start > StrictEmailValidator.labelMaximumLength { return false }
            }
            return true
        }
        guard labelsFit, ascii.count <= StrictEmailValidator.domainMaximumLength,
            let last = ascii.last, last >= UInt8(ascii: "a"), last <= UInt8(ascii: "z"),
            ascii.withUnsafeBufferPointer({ specialUseName(underASCII: $0) }) == nil
        else { return nil }

        let unicodeForm = String(decoding: unicode, as: UTF8.self)
        // Only a domain with a right-to-left character is a Bidi domain name (RFC 5893 §1.4);
        // their lead bytes are 0xD6 and above.
        if unicode.contains(where: { $0 >= 0xD6 }) {
            let unicodeLabels = labels.map { String(decoding: unicode[$0.range], as: UTF8.self) }
            guard IDNA2008.labelsBreakingBidiRule(unicodeLabels).isEmpty else { return nil }
        }
        return (unicodeForm, String(decoding: ascii, as: UTF8.self))
    }

    /// Whether the label in `bytes` is simple (see `simpleInternationalForms`) and ASCII; nil
    /// when it is not simple.
    private static func simpleLabelIsASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "-"), last != UInt8(ascii: "-") else { return nil }
        var isASCII = true
        var place = 0
        var hyphensInThirdAndFourth = 0
        var offset = 0
        while offset < bytes.count {
            let (scalar, next) = UTF8Text.scalar(at: offset, in: bytes)
            place += 1
            switch scalar {
            case "-": if place == 3 || place == 4 { hyphensInThirdAndFourth += 1 }
            case "a"..."z", "A"..."Z", "0"..."9": break
            case _ where scalar.isASCII: return nil
            default:
                let properties = PrecisCodePoint(scalar)
                guard properties.idna2008 == .pvalid, properties.isNFCStarter, !(place == 1 && properties.generalCategory.isMark) else {
                    return nil
                }
                isASCII = false
            }
            offset = next
        }
        return hyphensInThirdAndFourth == 2 ? nil : isASCII   // "--" there is reserved, "xn--" an A-label
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
