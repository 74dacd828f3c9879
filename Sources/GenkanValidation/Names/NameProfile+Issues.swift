import GenkanUnicode

extension NameProfile {
    /// Turns PRECIS failures into issues: one per kind of failure, each listing its characters.
    static func issues(for failures: [PrecisProfile.Failure]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        var characters: [(code: IssueCode, scalars: [Unicode.Scalar])] = []
        for failure in failures {
            switch failure {
            case .empty: issues.append(ValidationIssue(.nameEmpty, field: .name))
            case .bidiRule: issues.append(ValidationIssue(.nameBidiRule, field: .name))
            case .unstable: issues.append(ValidationIssue(.nameUnstable, field: .name))
            case .character(let scalar, let property, let category):
                let code = code(for: scalar, property, category)
                if let index = characters.firstIndex(where: { $0.code == code }) {
                    characters[index].scalars.append(scalar)
                } else {
                    characters.append((code, [scalar]))
                }
            }
        }
        for (code, scalars) in characters {
            if code == .nameSpaceNotAllowed {
                issues.append(ValidationIssue(code, field: .name))
            } else {
                issues.append(ValidationIssue(code, field: .name, IssueParameters([("characters", .text(describe(scalars)))])))
            }
        }
        return issues
    }

    /// The issue code for one refused character: invisible kinds get their own codes so the
    /// message can say what the user cannot see.
    private static func code(for scalar: Unicode.Scalar, _ property: PrecisDerivedProperty, _ category: PrecisCategory)
        -> IssueCode
    {
        let properties = PrecisCodePoint(scalar)
        if property == .unassigned { return .nameUnassignedCharacter }
        if properties.generalCategory == .Cc { return .nameControlCharacter }
        if properties.isBidiControl { return .nameBidiControlCharacter }
        if properties.isJoinControl || zeroWidth.contains(scalar.value) { return .nameZeroWidthCharacter }
        if properties.generalCategory == .Zs { return .nameSpaceNotAllowed }
        if property == .contextO { return .nameCharacterOutOfContext }
        if properties.generalCategory == .Cf || properties.isDefaultIgnorable { return .nameFormatCharacter }
        return .nameDisallowedCharacter
    }

    /// Invisible separators that are not joiners: ZERO WIDTH SPACE, WORD JOINER and ZERO WIDTH
    /// NO-BREAK SPACE (the byte order mark).
    private static let zeroWidth: Set<UInt32> = [0x200B, 0x2060, 0xFEFF]

    /// At most this many characters are listed in one issue.
    private static let listedCharacterLimit = 10

    /// The characters of an issue, separated by spaces: visible ones as themselves, invisible ones
    /// (controls, format, spaces, marks, unassigned) as `U+XXXX`.
    static func describe(_ scalars: [Unicode.Scalar]) -> String {
        var text = ""
        for scalar in scalars.prefix(listedCharacterLimit) {
            if !text.isEmpty { text.append(" ") }
            switch PrecisCodePoint(scalar).generalCategory {
            case .Cc, .Cf, .Cs, .Co, .Cn, .Zs, .Zl, .Zp, .Mn, .Mc, .Me:
                text.append("U+")
                let digits = scalar.value > 0xFFFF ? (scalar.value > 0xFFFFF ? 6 : 5) : 4
                for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
                    text.unicodeScalars.append(hexDigits[Int((scalar.value >> UInt32(shift)) & 0xF)])
                }
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)
}
