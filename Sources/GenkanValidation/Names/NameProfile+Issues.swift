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
                issues.append(ValidationIssue(code, field: .name, ["characters": describe(scalars)]))
            }
        }
        return issues
    }

    /// The issue code for one refused character: invisible kinds get their own codes so the
    /// message can say what the user cannot see.
    private static func code(for scalar: Unicode.Scalar, _ property: PrecisDerivedProperty, _ category: PrecisCategory)
        -> IssueCode
    {
        let properties = CodePointProperties(scalar)
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
        scalars.prefix(listedCharacterLimit).map { scalar in
            switch CodePointProperties(scalar).generalCategory {
            case .Cc, .Cf, .Cs, .Co, .Cn, .Zs, .Zl, .Zp, .Mn, .Mc, .Me:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                return String(scalar)
            }
        }.joined(separator: " ")
    }
}
