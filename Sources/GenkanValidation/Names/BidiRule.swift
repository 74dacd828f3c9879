import GenkanUnicode

/// The Bidi Rule of RFC 5893 §2, which RFC 8265 §3.3 applies to usernames that contain
/// right-to-left characters.
///
/// It reads only Bidi_Class, from `PrecisCodePoint` (names) or `CodePointProperties` (IDNA labels
/// of e-mail domains).
enum BidiRule {
    /// Whether any code point has Bidi_Class R, AL or AN, which makes the rule apply (RFC 5893 §1.4).
    static func applies<Properties: BidiClassified>(to properties: [Properties]) -> Bool {
        properties.contains { isRightToLeft($0.bidiClass) }
    }

    /// Bidi_Class R, AL or AN (RFC 5893 §1.4).
    static func isRightToLeft(_ bidiClass: CodePointProperties.BidiClass) -> Bool {
        switch bidiClass {
        case .R, .AL, .AN: true
        default: false
        }
    }

    /// Whether the six conditions of RFC 5893 §2 hold for a whole string.
    static func holds<Properties: BidiClassified>(for properties: [Properties]) -> Bool {
        guard let first = properties.first?.bidiClass else { return false }
        let allowed: Set<CodePointProperties.BidiClass>
        let endings: Set<CodePointProperties.BidiClass>
        let exclusive: Set<CodePointProperties.BidiClass>
        switch first {
        case .L:   // conditions 5 and 6
            allowed = [.L, .EN, .ES, .CS, .ET, .ON, .BN, .NSM]
            endings = [.L, .EN]
            exclusive = []
        case .R, .AL:   // conditions 2, 3 and 4
            allowed = [.R, .AL, .AN, .EN, .ES, .CS, .ET, .ON, .BN, .NSM]
            endings = [.R, .AL, .EN, .AN]
            exclusive = [.EN, .AN]
        default:   // condition 1
            return false
        }
        // The last character that is not NSM must be one that may end the string.
        guard let last = properties.lastIndex(where: { $0.bidiClass != .NSM }),
            endings.contains(properties[last].bidiClass)
        else { return false }
        var numberKind: CodePointProperties.BidiClass? =
            exclusive.contains(properties[last].bidiClass) ? properties[last].bidiClass : nil
        for item in properties[..<last].dropFirst() {
            let bidi = item.bidiClass
            guard allowed.contains(bidi) else { return false }
            if exclusive.contains(bidi) {
                if let kind = numberKind, kind != bidi { return false }
                numberKind = bidi
            }
        }
        return true
    }
}

/// A code point's properties, as far as the Bidi Rule reads them.
protocol BidiClassified {
    var bidiClass: CodePointProperties.BidiClass { get }
}

extension CodePointProperties: BidiClassified {}
extension PrecisCodePoint: BidiClassified {}
