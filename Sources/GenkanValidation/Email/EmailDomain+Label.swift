extension EmailDomain {
    /// One label in its two forms, with what IDNA found wrong with it.
    struct Label {
        /// The label after UTS #46 mapping, Punycode decoded.
        let unicode: String
        /// The label as sent: lower-case ASCII, Punycode for an internationalized label.
        let ascii: String
        /// Whether the label was written as an A-label (`xn--…`).
        let isACE: Bool
        var issues: [ValidationIssue] = []
        /// What the structure rules and the Bidi Rule read, gathered once from the two forms.
        let shape: Shape

        init(unicode: String, ascii: String, isACE: Bool) {
            self.unicode = unicode
            self.ascii = ascii
            self.isACE = isACE
            shape = Shape(unicode: unicode, ascii: ascii, isACE: isACE)
        }

        /// An ASCII label that is not an A-label: both forms are its lower-cased bytes.
        init(lowercaseASCII bytes: UnsafeBufferPointer<UInt8>) {
            unicode = String(decoding: bytes, as: UTF8.self)
            ascii = unicode
            isACE = false
            shape = Shape(sameForms: bytes, unicode)
        }
    }

    /// The facts of one label that `structureIssues` and the Bidi Rule look at.
    struct Shape: Equatable {
        /// The first or last character of the U-label (or of the A-label, for an A-label as
        /// written) is a hyphen (RFC 5891 §4.2.3.1).
        private(set) var hyphenAtEitherEnd = false
        /// The third and fourth code points of the U-label are hyphens and it does not start
        /// with `xn--` (RFC 5891 §4.2.3.1).
        private(set) var reservedHyphens = false
        /// The ASCII characters that are not lower-case letters, digits or hyphens, in the U-label
        /// and then in the A-label (RFC 1123 §2.1).
        private(set) var nonLDH: [Unicode.Scalar] = []
        /// The U-label may hold a right-to-left character: a UTF-8 lead byte of U+0580 or above.
        private(set) var mayBeRightToLeft = false

        init(unicode: String, ascii: String, isACE: Bool) {
            UTF8Text.withBytes(of: unicode) { bytes in
                hyphenAtEitherEnd = Self.hasHyphenAtEitherEnd(bytes, unicode)
                reservedHyphens = Self.hasHyphensInThirdAndFourthPlaces(bytes) && !unicode.hasCharacterPrefix("xn--")
                Self.collectNonLDH(bytes, into: &nonLDH)
                mayBeRightToLeft = bytes.contains { $0 >= 0xD6 }
            }
            UTF8Text.withBytes(of: ascii) { bytes in
                if isACE, Self.hasHyphenAtEitherEnd(bytes, ascii) { hyphenAtEitherEnd = true }
                Self.collectNonLDH(bytes, into: &nonLDH)
            }
        }

        /// The shape of a label whose two forms are `bytes`, which are `text`.
        init(sameForms bytes: UnsafeBufferPointer<UInt8>, _ text: String) {
            hyphenAtEitherEnd = Self.hasHyphenAtEitherEnd(bytes, text)
            reservedHyphens = Self.hasHyphensInThirdAndFourthPlaces(bytes) && !text.hasCharacterPrefix("xn--")
            Self.collectNonLDH(bytes, into: &nonLDH)
            if !nonLDH.isEmpty { nonLDH += nonLDH }   // the same characters in the A-label again
            mayBeRightToLeft = bytes.contains { $0 >= 0xD6 }
        }

        /// Whether the first or last character of `text` is a hyphen-minus, as `hasPrefix` and
        /// `hasSuffix` compare characters: a scalar next to the hyphen can only join it when it
        /// is not ASCII (a combining mark after it, a prepended concatenation mark before it,
        /// UAX #29 GB9 and GB9b), and then the Character view decides.
        private static func hasHyphenAtEitherEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
            guard let first = bytes.first, let last = bytes.last else { return false }
            let hyphen = UInt8(ascii: "-")
            if first == hyphen {
                if bytes.count == 1 || bytes[1] < 0x80 || text.hasPrefix("-") { return true }
            }
            guard last == hyphen else { return false }
            return bytes.count == 1 || bytes[bytes.count - 2] < 0x80 || text.hasSuffix("-")
        }

        private static func hasHyphensInThirdAndFourthPlaces(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var offset = 0
            for place in 1...4 {
                guard offset < bytes.count else { return false }
                let (scalar, next) = UTF8Text.scalar(at: offset, in: bytes)
                if place >= 3, scalar != "-" { return false }
                offset = next
            }
            return true
        }

        private static func collectNonLDH(_ bytes: UnsafeBufferPointer<UInt8>, into characters: inout [Unicode.Scalar]) {
            for byte in bytes where byte < 0x80 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): break
                default: characters.append(Unicode.Scalar(byte))
                }
            }
        }
    }
}
