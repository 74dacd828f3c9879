import GenkanUnicode

extension EmailDomain {
    /// A label the shortcuts give forms to without ICU.
    ///
    /// A simple label is made of ASCII letters, digits and hyphens and of code points whose
    /// IDNA2008 derived property is PVALID and that are NFC starters with NFC_QC=Yes. UTS #46
    /// maps such a code point to itself (its status is valid; the tests check every one against
    /// ICU), and a text of such starters is already NFC (UAX #15 §9), so ToUnicode gives the
    /// label with its ASCII letters lower-cased, and ToASCII `xn--` and its Punycode. It must not
    /// start with a combining mark (UTS #46 §4.1), nor have a hyphen at either end or in the
    /// third and fourth places (RFC 5891 §4.2.3.1), which the structure rules refuse and which
    /// also rules out an A-label. PVALID leaves out the contextual code points and every code
    /// point with a compatibility mapping, so such a label is not an A-label in disguise either.
    enum PlainLabel {
        /// Letters, digits and hyphens only (an LDH label, RFC 1123 §2.1).
        case ascii
        /// A simple label with at least one code point that is not ASCII.
        case simple

        /// The kind of the label in `bytes`; nil when it is neither.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let hyphen = UInt8(ascii: "-")
            guard let first = bytes.first, let last = bytes.last, first != hyphen, last != hyphen else { return nil }
            var isASCII = true
            var place = 0
            var offset = 0
            while offset < bytes.count {
                let (scalar, next) = UTF8Text.scalar(at: offset, in: bytes)
                place += 1
                switch scalar {
                case "-": if place == 4, bytes[offset - 1] == hyphen { return nil }   // the third is a hyphen too
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
            self = isASCII ? .ascii : .simple
        }

        /// Appends the label's Unicode form (its ASCII letters lower-cased) to `unicode` and its
        /// ASCII form to `ascii`.
        func appendForms(of bytes: UnsafeBufferPointer<UInt8>, unicode: inout [UInt8], ascii: inout [UInt8]) {
            let start = unicode.count
            for byte in bytes { unicode.append(UTF8Text.lowercaseASCII(byte)) }
            switch self {
            case .ascii:
                ascii.append(contentsOf: unicode[start...])
            case .simple:
                ascii.append(contentsOf: [UInt8(ascii: "x"), UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "-")])
                unicode.withUnsafeBufferPointer { Punycode.encode(utf8: UnsafeBufferPointer(rebasing: $0[start...]), into: &ascii) }
            }
        }
    }

    /// The two forms of a simple label that is not ASCII, which ToUnicode and ToASCII would
    /// give, with no error; nil for any other label, which then goes to ICU.
    static func simpleLabelForms(_ bytes: UnsafeBufferPointer<UInt8>) -> (unicode: String, ascii: String)? {
        guard PlainLabel(bytes) == .simple else { return nil }
        var unicode: [UInt8] = [], ascii: [UInt8] = []
        unicode.reserveCapacity(bytes.count)
        ascii.reserveCapacity(2 * bytes.count + 8)
        PlainLabel.simple.appendForms(of: bytes, unicode: &unicode, ascii: &ascii)
        return (String(decoding: unicode, as: UTF8.self), String(decoding: ascii, as: UTF8.self))
    }

    /// The U-label of an A-label as written (lower-case: `xn--` and Punycode) whose Punycode
    /// decodes to a simple label and is exactly that label's Punycode (RFC 5891 §5.3): what
    /// ToUnicode gives it, with no error. Nil for any other A-label, which then goes to ICU.
    static func simpleULabel(ofALabel lower: String) -> String? {
        UTF8Text.withBytes(of: lower) { bytes -> String? in
            let punycode = UnsafeBufferPointer(rebasing: bytes[4...])
            guard let scalars = Punycode.decode(punycode) else { return nil }
            var unicode: [UInt8] = []
            unicode.reserveCapacity(scalars.count * 3)
            for scalar in scalars { UTF8.encode(scalar) { unicode.append($0) } }
            var encoded: [UInt8] = []
            let isCanonical = unicode.withUnsafeBufferPointer { unicode in
                guard PlainLabel(unicode) == .simple else { return false }
                Punycode.encode(utf8: unicode, into: &encoded)
                return encoded.elementsEqual(punycode)
            }
            return isCanonical ? String(decoding: unicode, as: UTF8.self) : nil
        }
    }
}
