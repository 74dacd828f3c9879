import GenkanUnicode

extension PasswordPolicy {
    /// Checks a new password (sign-up, reset, change) against every requirement of the policy and
    /// reports each unmet one with its parameters.
    public func evaluate(_ password: String, context: PasswordContext = .init()) -> PasswordEvaluation {
        if password.utf8.count > Self.inputByteLimit { return Self.refusedAsHuge(password, maximum: maximumLength) }
        let prepared = Self.prepare(password)
        let length = lengthUnit == .codePoints ? prepared.unicodeScalars.count : password.count
        var requirements = [
            PasswordRequirement(code: .passwordEmpty, isMet: !password.isEmpty),
            PasswordRequirement(
                code: .passwordTooShort, parameters: ["minimum": minimumLength, "actual": length],
                isMet: length >= minimumLength),
            PasswordRequirement(
                code: .passwordTooLong, parameters: ["maximum": maximumLength, "actual": length],
                isMet: length <= maximumLength),
        ]
        if rejectsControlCharacters {
            requirements.append(PasswordRequirement(code: .passwordControlCharacter, isMet: !Self.hasControl(prepared)))
        }
        requirements += characterRequirements(prepared)
        let folded = Array(PasswordBlocklist.key(prepared).unicodeScalars)
        if checksBlocklist {
            requirements.append(PasswordRequirement(code: .passwordInBlocklist, isMet: !PasswordBlocklist.contains(prepared)))
        }
        if checksContext { requirements += contextRequirements(folded, context) }
        if checksPatterns { requirements += patternRequirements(folded) }
        let issues = requirements.filter { !$0.isMet }.map {
            ValidationIssue($0.code, field: .password, $0.parameters)
        }
        return PasswordEvaluation(issues: issues, normalized: issues.isEmpty ? prepared : nil, requirements: requirements)
    }

    /// The check for a sign-in form: a password must be present and within the hard maximum,
    /// and nothing else, so that a password set under an older policy still signs in.
    public static func evaluateForSignIn(_ password: String) -> PasswordEvaluation {
        if password.utf8.count > inputByteLimit { return refusedAsHuge(password, maximum: hardMaximumLength) }
        let prepared = prepare(password)
        let length = prepared.unicodeScalars.count
        let requirements = [
            PasswordRequirement(code: .passwordEmpty, isMet: !password.isEmpty),
            PasswordRequirement(
                code: .passwordTooLong, parameters: ["maximum": hardMaximumLength, "actual": length],
                isMet: length <= hardMaximumLength),
        ]
        let issues = requirements.filter { !$0.isMet }.map {
            ValidationIssue($0.code, field: .password, $0.parameters)
        }
        return PasswordEvaluation(issues: issues, normalized: issues.isEmpty ? prepared : nil, requirements: requirements)
    }

    // MARK: Requirements

    /// A password far beyond the hard maximum: only its length is reported, counted cheaply.
    private static func refusedAsHuge(_ password: String, maximum: Int) -> PasswordEvaluation {
        let requirement = PasswordRequirement(
            code: .passwordTooLong, parameters: ["maximum": maximum, "actual": password.unicodeScalars.count],
            isMet: false)
        return PasswordEvaluation(
            issues: [ValidationIssue(requirement.code, field: .password, requirement.parameters)],
            normalized: nil, requirements: [requirement])
    }

    /// Whether any code point is a control character (General_Category Cc), which the
    /// FreeformClass disallows (RFC 8264 §9.12).
    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.value < 0x80 ? (scalar.value < 0x20 || scalar.value == 0x7F)
                : CodePointProperties(scalar).generalCategory == .Cc
        }
    }

    /// The composition requirements a Firebase policy can switch on, tested as Firebase tests
    /// them: ASCII ranges, and membership in the symbol list.
    private func characterRequirements(_ password: String) -> [PasswordRequirement] {
        var requirements: [PasswordRequirement] = []
        let scalars = password.unicodeScalars
        if requiresUppercase {
            requirements.append(.init(code: .passwordMissingUppercase, isMet: scalars.contains { ("A"..."Z").contains($0) }))
        }
        if requiresLowercase {
            requirements.append(.init(code: .passwordMissingLowercase, isMet: scalars.contains { ("a"..."z").contains($0) }))
        }
        if requiresNumber {
            requirements.append(.init(code: .passwordMissingNumber, isMet: scalars.contains { ("0"..."9").contains($0) }))
        }
        if requiresSymbol {
            let symbolSet = Set(symbols.unicodeScalars)
            requirements.append(.init(
                code: .passwordMissingSymbol, parameters: ["characters": symbols],
                isMet: scalars.contains { symbolSet.contains($0) }))
        }
        return requirements
    }

    /// The most code points of a context value that are compared; longer values are cut, which
    /// keeps the similarity measures cheap.
    private static let contextLimit = 256

    /// The context checks: for the e-mail's local part and for the name, "is or contains" and
    /// "too similar" (Levenshtein distance below 5, or a common substring longer than half the
    /// password, the two tests Ory Kratos applies to identifiers).
    private func contextRequirements(_ password: [Unicode.Scalar], _ context: PasswordContext) -> [PasswordRequirement] {
        var requirements: [PasswordRequirement] = []
        if let email = context.email, let tokens = Self.emailTokens(email) {
            requirements.append(.init(code: .passwordContainsEmail, isMet: !tokens.contains { Self.contains(password, $0) }))
            requirements.append(.init(code: .passwordSimilarToEmail, isMet: !tokens.contains { Self.isSimilar(password, $0) }))
        }
        if let name = context.name, let tokens = Self.nameTokens(name) {
            let words = tokens.words + [tokens.whole, tokens.joined]
            requirements.append(.init(code: .passwordContainsName, isMet: !words.contains { Self.contains(password, $0) }))
            requirements.append(.init(
                code: .passwordSimilarToName,
                isMet: !Self.isSimilar(password, tokens.whole) && !Self.isSimilar(password, tokens.joined)))
        }
        return requirements
    }

    /// Shorter context values are not compared: a two-letter name would match too much.
    private static let shortestToken = 3

    private static func contains(_ password: [Unicode.Scalar], _ token: [Unicode.Scalar]) -> Bool {
        token.count >= shortestToken && PasswordSimilarity.contains(password, token)
    }

    private static func isSimilar(_ password: [Unicode.Scalar], _ token: [Unicode.Scalar]) -> Bool {
        guard token.count >= shortestToken, !password.isEmpty else { return false }
        if PasswordSimilarity.levenshtein(token, password, limit: 5) < 5 { return true }
        // A common substring longer than half the password needs a token at least that long.
        guard token.count * 2 > password.count else { return false }
        return PasswordSimilarity.longestCommonSubstring(token, password) * 2 > password.count
    }

    /// The e-mail's local part (before the last `@`), and the same without its `+tag`, folded as
    /// the password is; nil when there is nothing to compare.
    private static func emailTokens(_ email: String) -> [[Unicode.Scalar]]? {
        let local = email.lastIndex(of: "@").map { String(email[..<$0]) } ?? email
        let folded = Array(PasswordBlocklist.key(prepare(local)).unicodeScalars.prefix(contextLimit))
        guard folded.count >= shortestToken else { return nil }
        var tokens = [folded]
        if let plus = folded.firstIndex(of: "+"), plus >= shortestToken { tokens.append(Array(folded[..<plus])) }
        return tokens
    }

    /// The name as written, without its spaces, and each of its words, folded as the password is.
    private static func nameTokens(_ name: String)
        -> (whole: [Unicode.Scalar], joined: [Unicode.Scalar], words: [[Unicode.Scalar]])?
    {
        let folded = Array(PasswordBlocklist.key(prepare(name)).unicodeScalars.prefix(contextLimit))
        let words = folded.split(separator: " ").map(Array.init)
        let joined = Array(words.joined())
        guard joined.count >= shortestToken else { return nil }
        return (folded, joined, words)
    }

    /// The pattern checks: each fails when its longest pattern is at least 3 long and makes up
    /// more than half of the password.
    private func patternRequirements(_ password: [Unicode.Scalar]) -> [PasswordRequirement] {
        let patterns = PasswordPatterns(password)
        func requirement(_ code: IssueCode, _ length: Int) -> PasswordRequirement {
            PasswordRequirement(
                code: code, parameters: ["length": length], isMet: length < 3 || length * 2 <= password.count)
        }
        return [
            requirement(.passwordRepeatedCharacters, patterns.repeated),
            requirement(.passwordSequentialCharacters, patterns.sequential),
            requirement(.passwordKeyboardPattern, patterns.keyboard),
        ]
    }
}
