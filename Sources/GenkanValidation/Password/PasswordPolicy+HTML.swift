extension PasswordPolicy {
    /// Attributes for the `<input>` of a new password (HTML Living Standard §4.10.5), including
    /// Apple's `passwordrules` so that generated passwords satisfy the policy.
    ///
    /// Browsers count `minlength` and `maxlength` in UTF-16 code units, never fewer than code
    /// points: `maxlength` is twice the maximum, so the browser never cuts a password the policy
    /// accepts (a cut password would be saved without the user knowing).
    public var htmlAttributes: [(name: String, value: String)] {
        [
            ("type", "password"),
            ("required", ""),
            ("minlength", String(minimumLength)),
            ("maxlength", String(maximumLength * 2)),
            ("autocomplete", "new-password"),
            ("autocapitalize", "none"),
            ("spellcheck", "false"),
            ("passwordrules", passwordRules),
        ]
    }

    /// The policy in the `passwordrules` syntax (WebKit's Password Manager Resources).
    var passwordRules: String {
        var rules = ["minlength: \(minimumLength);", "maxlength: \(maximumLength);"]
        if requiresLowercase { rules.append("required: lower;") }
        if requiresUppercase { rules.append("required: upper;") }
        if requiresNumber { rules.append("required: digit;") }
        if requiresSymbol {
            // In a custom class `]` must come first and `-` last.
            let others = symbols.filter { $0 != "]" && $0 != "-" }
            let custom = (symbols.contains("]") ? "]" : "") + others + (symbols.contains("-") ? "-" : "")
            rules.append("required: [\(custom)];")
        }
        return rules.joined(separator: " ")
    }
}
