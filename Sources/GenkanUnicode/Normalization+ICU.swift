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

    /// Default full case folding (ICU `u_strFoldCase`), for caseless comparison.
    package var caseFolded: String {
        icuString(self) { GenkanICU_foldCase($0, $1, $2, $3) } ?? self
    }
}

/// True when every UTF-8 code unit is ASCII; cheap enough to run before any ICU call.
package func isASCIIFast(_ string: String) -> Bool {
    string.utf8.allSatisfy { $0 < 0x80 }
}
