import GenkanUnicode

extension EmailDomain {
    /// The two forms of a simple label that is not ASCII, which ToUnicode and ToASCII would
    /// give, with no error; nil for any other label, which then goes to ICU.
    ///
    /// A simple label is made of ASCII letters, digits and hyphens and of code points whose
    /// IDNA2008 derived property is PVALID and that are NFC starters with NFC_QC=Yes. UTS #46
    /// maps such a code point to itself (its status is valid; the tests check every one against
    /// ICU), and a text of such starters is already NFC (UAX #15 §9), so ToUnicode gives the
    /// label with its ASCII letters lower-cased, and ToASCII `xn--` and its Punycode. It must not
    /// start with a combining mark (UTS #46 §4.1 V5) nor have a hyphen at either end or in the
    /// third and fourth places (RFC 5891 §4.2.3.1), which ICU would report, and which also rules
    /// out an A-label. PVALID leaves out the contextual code points and every code point with a
    /// compatibility mapping, so such a label is not an A-label in disguise either.
    static func simpleLabelForms(_ bytes: UnsafeBufferPointer<UInt8>) -> (unicode: String, ascii: String)? {
        guard isSimpleNonASCIILabel(bytes) else { return nil }
        let unicode = bytes.map(asciiLowercase)
        var ascii = Array("xn--".utf8)
        unicode.withUnsafeBufferPointer { Punycode.encode(utf8: $0, into: &ascii) }
        return (String(decoding: unicode, as: UTF8.self), String(decoding: ascii, as: UTF8.self))
    }

    private static func isSimpleNonASCIILabel(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "-"), last != UInt8(ascii: "-") else { return false }
        var isASCII = true
        var place = 0
        var offset = 0
        while offset < bytes.count {
            let (scalar, next) = UTF8Text.scalar(at: offset, in: bytes)
            place += 1
            switch scalar {
            case "-": if place == 4, bytes[UTF8Text.start(ofScalarBefore: offset, in: bytes)] == UInt8(ascii: "-") { return false }
            case "a"..."z", "A"..."Z", "0"..."9": break
            case _ where scalar.isASCII: return false
            default:
                let properties = PrecisCodePoint(scalar)
                guard properties.idna2008 == .pvalid, properties.isNFCStarter, !(place == 1 && properties.generalCategory.isMark) else {
                    return false
                }
                isASCII = false
            }
            offset = next
        }
        return !isASCII
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
