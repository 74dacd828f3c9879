import GenkanJSON

extension PasswordPolicy {
    /// Every code `evaluate` can report under this policy, in checklist order.
    public var issueCodes: [IssueCode] {
        var codes: [IssueCode] = [.passwordEmpty, .passwordTooShort, .passwordTooLong]
        if rejectsControlCharacters { codes.append(.passwordControlCharacter) }
        if requiresUppercase { codes.append(.passwordMissingUppercase) }
        if requiresLowercase { codes.append(.passwordMissingLowercase) }
        if requiresNumber { codes.append(.passwordMissingNumber) }
        if requiresSymbol { codes.append(.passwordMissingSymbol) }
        if checksBlocklist { codes.append(.passwordInBlocklist) }
        if checksContext {
            codes += [.passwordContainsEmail, .passwordSimilarToEmail, .passwordContainsName, .passwordSimilarToName]
        }
        if checksPatterns { codes += [.passwordRepeatedCharacters, .passwordSequentialCharacters, .passwordKeyboardPattern] }
        return codes
    }

    /// The policy described for the browser and for API clients: its HTML attributes, limits,
    /// character requirements, checks and codes.
    public var json: JSONValue {
        RuleDescription.json(
            rule: "password", setting: ("policy", name), attributes: htmlAttributes,
            limits: [
                ("minlength", .integer(minimumLength)),
                ("maxlength", .integer(maximumLength)),
                ("hardMaximum", .integer(Self.hardMaximumLength)),
                ("unit", .string(lengthUnit == .codePoints ? "code-points" : "characters")),
            ],
            details: [
                ("requires", .object([
                    ("uppercase", .bool(requiresUppercase)),
                    ("lowercase", .bool(requiresLowercase)),
                    ("number", .bool(requiresNumber)),
                    ("symbol", .bool(requiresSymbol)),
                    ("symbols", .string(symbols)),
                ])),
                ("checks", .object([
                    ("controlCharacters", .bool(rejectsControlCharacters)),
                    ("blocklist", .bool(checksBlocklist)),
                    ("context", .bool(checksContext)),
                    ("patterns", .bool(checksPatterns)),
                ])),
            ],
            codes: issueCodes)
    }

    /// `json`, serialized.
    public var jsonDescription: String { json.serialized() }
}
