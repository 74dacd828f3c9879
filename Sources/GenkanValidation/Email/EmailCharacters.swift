import GenkanUnicode

/// How e-mail rules sort the characters they refuse, so that each kind gets its own issue code,
/// and how they show those characters to the user.
enum EmailCharacters {
    /// Why a character was refused.
    enum Refusal {
        /// A space, tab or line break of any script (White_Space, Zs, Zl, Zp).
        case whitespace
        /// A control, format, surrogate, private-use or unassigned code point (General_Category C*).
        case unsafe
        /// A visible character the grammar does not allow at this place.
        case invalid
    }

    /// The refusal kind of a character that a rule does not allow.
    static func refusal(of scalar: Unicode.Scalar) -> Refusal {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x09...0x0D, 0x20: return .whitespace
            case 0x00..<0x20, 0x7F: return .unsafe
            default: return .invalid
            }
        }
        let properties = PrecisCodePoint(scalar)
        switch properties.generalCategory {
        case .Zs, .Zl, .Zp: return .whitespace
        case .Cc, .Cf, .Cs, .Co, .Cn: return properties.isWhiteSpace ? .whitespace : .unsafe
        default: return .invalid
        }
    }

    /// Whether email-validator's safety rule accepts the character: letters, marks (not first),
    /// numbers, punctuation and symbols are safe; separators and C* categories are not.
    static func isSafe(_ scalar: Unicode.Scalar, atStart: Bool) -> Bool {
        if scalar.value < 0x80 { return scalar.value > 0x20 && scalar.value < 0x7F }
        return isSafe(PrecisCodePoint(scalar).generalCategory, atStart: atStart)
    }

    static func isSafe(_ category: CodePointProperties.GeneralCategory, atStart: Bool) -> Bool {
        switch category {
        case .Lu, .Ll, .Lt, .Lm, .Lo, .Nd, .Nl, .No,
            .Pc, .Pd, .Ps, .Pe, .Pi, .Pf, .Po, .Sm, .Sc, .Sk, .So:
            return true
        case .Mn, .Mc, .Me:
            return !atStart
        default:
            return false
        }
    }

    /// The `characters` parameter: each character once, in order of first appearance, separated
    /// by spaces; one that cannot be seen on its own (controls, spaces, format characters,
    /// combining marks) is written `U+XXXX`.
    static func display(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        let scalars = Array(scalars)   // no copy when it is an array already
        var text = ""
        // A handful of characters at most: a linear search beats hashing.
        for (index, scalar) in scalars.enumerated() where !scalars[..<index].contains(scalar) {
            if index > 0 { text.append(" ") }
            if isVisible(scalar) { text.unicodeScalars.append(scalar) } else { text.append(codePointName(scalar)) }
        }
        return text
    }

    /// A `characters` parameter.
    static func parameters(_ scalars: some Sequence<Unicode.Scalar>) -> IssueParameters {
        IssueParameters([("characters", .text(display(scalars)))])
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value > 0x20 && scalar.value < 0x7F }
        switch PrecisCodePoint(scalar).generalCategory {
        case .Lu, .Ll, .Lt, .Lm, .Lo, .Nd, .Nl, .No,
            .Pc, .Pd, .Ps, .Pe, .Pi, .Pf, .Po, .Sm, .Sc, .Sk, .So:
            return true
        default:
            return false
        }
    }

    private static func codePointName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Collects refused characters by kind and turns them into issues.
struct RefusedCharacters {
    private(set) var whitespace = false
    private(set) var unsafe: [Unicode.Scalar] = []
    private(set) var invalid: [Unicode.Scalar] = []

    var isEmpty: Bool { !whitespace && unsafe.isEmpty && invalid.isEmpty }

    mutating func refuse(_ scalar: Unicode.Scalar) {
        switch EmailCharacters.refusal(of: scalar) {
        case .whitespace: whitespace = true
        case .unsafe: unsafe.append(scalar)
        case .invalid: invalid.append(scalar)
        }
    }

    mutating func refuseAsUnsafe(_ scalar: Unicode.Scalar) {
        if EmailCharacters.refusal(of: scalar) == .whitespace { whitespace = true } else { unsafe.append(scalar) }
    }

    /// The issues: whitespace, unsafe characters, and the visible invalid ones under `code`. A
    /// parenthesized comment (RFC 5322 §3.2.2) becomes `email.comment` instead of two characters.
    func issues(invalidCode: IssueCode, in text: Substring) -> [ValidationIssue] {
        var result: [ValidationIssue] = []
        appendIssues(to: &result, invalidCode: invalidCode, in: text)
        return result
    }

    /// `issues(invalidCode:in:)` appended to `result`.
    func appendIssues(to result: inout [ValidationIssue], invalidCode: IssueCode, in text: Substring) {
        if isEmpty { return }
        var invalid = invalid
        if invalid.contains("("), invalid.contains(")"),
            let open = text.firstIndex(of: "("), text[open...].contains(")")
        {
            result.append(ValidationIssue(.emailComment))
            invalid.removeAll { $0 == "(" || $0 == ")" }
        }
        if whitespace { result.append(ValidationIssue(.emailWhitespace)) }
        if !unsafe.isEmpty {
            result.append(ValidationIssue(.emailUnsafeCharacters, EmailCharacters.parameters(unsafe)))
        }
        if !invalid.isEmpty {
            result.append(ValidationIssue(invalidCode, EmailCharacters.parameters(invalid)))
        }
    }
}

extension [ValidationIssue] {
    /// Appends `issue` unless an issue with the same code is already there.
    mutating func appendOnce(_ issue: ValidationIssue) {
        if !contains(where: { $0.code == issue.code }) { append(issue) }
    }

    mutating func appendOnce(contentsOf issues: [ValidationIssue]) {
        if isEmpty, issues.count <= 1 {   // nothing to compare: share the other array's storage
            self = issues
            return
        }
        for issue in issues { appendOnce(issue) }
    }
}
