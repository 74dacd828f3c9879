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
        let direction: Direction
        switch first {
        case .L: direction = .leftToRight   // conditions 5 and 6
        case .R, .AL: direction = .rightToLeft   // conditions 2, 3 and 4
        default: return false   // condition 1
        }
        // The last character that is not NSM must be one that may end the string.
        guard let last = properties.lastIndex(where: { $0.bidiClass != .NSM }),
            direction.mayEnd(with: properties[last].bidiClass)
        else { return false }
        var numberKind: CodePointProperties.BidiClass? =
            direction.isExclusiveNumber(properties[last].bidiClass) ? properties[last].bidiClass : nil
        for item in properties[..<last].dropFirst() {
            let bidi = item.bidiClass
            guard direction.allows(bidi) else { return false }
            if direction.isExclusiveNumber(bidi) {
                if let kind = numberKind, kind != bidi { return false }
                numberKind = bidi
            }
        }
        return true
    }

    /// The direction the first character gives a label, and the Bidi_Class values each allows.
    private enum Direction {
        case leftToRight, rightToLeft

        /// Conditions 2 and 5: the classes allowed in the string.
        func allows(_ bidi: CodePointProperties.BidiClass) -> Bool {
            switch (self, bidi) {
            case (_, .EN), (_, .ES), (_, .CS), (_, .ET), (_, .ON), (_, .BN), (_, .NSM): true
            case (.leftToRight, .L): true
            case (.rightToLeft, .R), (.rightToLeft, .AL), (.rightToLeft, .AN): true
            default: false
            }
        }

        /// Conditions 3 and 6: the classes the string may end with (before trailing NSM).
        func mayEnd(with bidi: CodePointProperties.BidiClass) -> Bool {
            switch (self, bidi) {
            case (_, .EN): true
            case (.leftToRight, .L): true
            case (.rightToLeft, .R), (.rightToLeft, .AL), (.rightToLeft, .AN): true
            default: false
            }
        }

        /// Condition 4: in a right-to-left string, EN and AN exclude each other.
        func isExclusiveNumber(_ bidi: CodePointProperties.BidiClass) -> Bool {
            self == .rightToLeft && (bidi == .EN || bidi == .AN)
        }
    }
}

/// A code point's properties, as far as the Bidi Rule reads them.
protocol BidiClassified {
    var bidiClass: CodePointProperties.BidiClass { get }
}

extension CodePointProperties: BidiClassified {}
extension PrecisCodePoint: BidiClassified {}
