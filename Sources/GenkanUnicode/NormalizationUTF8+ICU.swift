private import CICU

extension String {
    /// This string in the given normalization form, converted to and from UTF-16 inside CICU;
    /// returns `self` without copying when it is already normalized (ICU `unorm2_isNormalized`,
    /// `unorm2_normalize`).
    package func normalizedUTF8(_ form: NormalizationForm) -> String {
        if isASCIIFast(self), form != .nfkcCasefold { return self }
        let icuForm: GenkanICUNormalForm =
            switch form {
            case .nfc: GenkanICUNormalFormNFC
            case .nfd: GenkanICUNormalFormNFD
            case .nfkc: GenkanICUNormalFormNFKC
            case .nfkd: GenkanICUNormalFormNFKD
            case .nfkcCasefold: GenkanICUNormalFormNFKCCasefold
            }
        switch utf8ICUString(self, { GenkanICU_normalizeUTF8(icuForm, $0, $1, $2, $3, $4) }) {
        case .unchanged: return self
        case .changed(let value): return value
        case .failed: return normalized(form)
        }
    }

    /// Full lower-case mapping in the root locale (ICU `u_strToLower`), converted inside CICU.
    package var lowercasedUTF8: String {
        switch utf8ICUString(self, { src, length, dest, capacity, _ in GenkanICU_toLowerUTF8(src, length, dest, capacity) }) {
        case .unchanged: self
        case .changed(let value): value
        case .failed: icuLowercased
        }
    }
}

private enum UTF8Result {
    case unchanged
    case changed(String)
    case failed
}

/// Runs a CICU function that reads and writes UTF-8, growing the output once when the first
/// attempt reports that the result is longer. The function may report through its last argument
/// that the input needs no change, and then writes nothing.
private func utf8ICUString(
    _ input: String,
    _ call: (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
) -> UTF8Result {
    var input = input
    return input.withUTF8 { source -> UTF8Result in
        guard let base = source.baseAddress, !source.isEmpty else { return .unchanged }
        return base.withMemoryRebound(to: CChar.self, capacity: source.count) { src -> UTF8Result in
            var capacity = source.count + 16
            for _ in 0..<2 {
                var needed: Int32 = 0
                var unchanged: Int32 = 0
                // A temporary buffer (on the stack when small): most inputs need no change, and
                // then no string is allocated at all.
                let output = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> String? in
                    needed = buffer.withMemoryRebound(to: CChar.self) {
                        call(src, Int32(source.count), $0.baseAddress!, Int32(capacity), &unchanged)
                    }
                    guard unchanged == 0, needed >= 0, Int(needed) <= capacity else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(needed)]), as: UTF8.self)
                }
                if unchanged != 0 { return .unchanged }
                if needed < 0 { return .failed }
                if let output { return .changed(output) }
                capacity = Int(needed)
            }
            return .failed
        }
    }
}

extension Unicode.Scalar {
    /// Whether the code point is a starter (Canonical_Combining_Class 0) with NFC_QC=Yes and with
    /// NFKC_QC=Yes (UAX #15 §9): a string made only of such code points is already in that form.
    package var normalizationQuickCheck: (nfcStarter: Bool, nfkcStarter: Bool) {
        let bits = GenkanICU_normalizationQuickCheck(value)
        guard bits >= 0 else { return (false, false) }
        return (bits & Int32(GenkanQuickCheckNFCStarter) != 0, bits & Int32(GenkanQuickCheckNFKCStarter) != 0)
    }
}
