private import CICU

/// The Unicode normalization forms of UAX #15, plus NFKC_Casefold.
package enum NormalizationForm: Sendable {
    case nfc, nfd, nfkc, nfkd, nfkcCasefold

    fileprivate var icu: GenkanICUNormalForm {
        switch self {
        case .nfc: GenkanICUNormalFormNFC
        case .nfd: GenkanICUNormalFormNFD
        case .nfkc: GenkanICUNormalFormNFKC
        case .nfkd: GenkanICUNormalFormNFKD
        case .nfkcCasefold: GenkanICUNormalFormNFKCCasefold
        }
    }
}

extension String {
    /// This string in the given normalization form (ICU `unorm2_normalize`).
    package func normalized(_ form: NormalizationForm) -> String {
        if isASCIIFast(self), form != .nfkcCasefold { return self }   // ASCII is invariant under NF(K)C/D
        return icuString(self) { GenkanICU_normalize(form.icu, $0, $1, $2, $3) } ?? self
    }

    /// Whether this string is already in the given form (ICU `unorm2_isNormalized`).
    package func isNormalized(_ form: NormalizationForm) -> Bool {
        if isASCIIFast(self), form != .nfkcCasefold { return true }
        return icuValue(self) { GenkanICU_isNormalized(form.icu, $0, $1) } == 1
    }

    /// Full lower-case mapping in the root locale (ICU `u_strToLower`).
    package var icuLowercased: String {
        icuString(self) { GenkanICU_toLower($0, $1, $2, $3) } ?? self
    }

    /// Full upper-case mapping in the root locale (ICU `u_strToUpper`).
    package var icuUppercased: String {
        icuString(self) { GenkanICU_toUpper($0, $1, $2, $3) } ?? self
    }

    /// Default full case folding (ICU `u_strFoldCase`), for caseless comparison. ASCII text is
    /// folded here, without the trip through UTF-16 and ICU (an import folds every address):
    /// Unicode's CaseFolding.txt maps A–Z to a–z and no other ASCII character, and nothing outside
    /// ASCII to ASCII's upper case, so ASCII in gives the same ASCII out. Tests hold this to
    /// `icuCaseFolded`, the full path.
    package var caseFolded: String {
        asciiCaseFolded ?? icuCaseFolded
    }

    /// Default full case folding by ICU alone, whatever the text.
    package var icuCaseFolded: String {
        icuString(self) { GenkanICU_foldCase($0, $1, $2, $3) } ?? self
    }

    /// The folding of ASCII text (A–Z to a–z); nil for text with anything else.
    package var asciiCaseFolded: String? {
        let bytes = utf8
        var upper = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte &- 0x41 < 26 { upper = true }
        }
        guard upper else { return self }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var count = 0
            for byte in bytes {
                buffer[count] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }
}

/// True when every UTF-8 code unit is ASCII; cheap enough to run before any ICU call.
package func isASCIIFast(_ string: String) -> Bool {
    string.utf8.allSatisfy { $0 < 0x80 }
}
