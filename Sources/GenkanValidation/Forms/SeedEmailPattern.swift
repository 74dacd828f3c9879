/// The seed app's e-mail check, kept for `ValidationViewModel.legacy`: its regular expression
/// matched against the whole value, with nothing normalized.
enum SeedEmailPattern {
    static func validate(_ input: String) -> EmailValidation {
        // The length check comes first, as for every rule: no pattern sees a huge input.
        let bytes = input.utf8.count
        if bytes > EmailRule.maximumInputLength {
            return .invalid(input, [ValidationIssue(.emailInputTooLong, ["maximum": EmailRule.maximumInputLength, "actual": bytes])])
        }
        if input.isEmpty { return .invalid(input, [ValidationIssue(.emailEmpty)]) }
        if !input.contains("@") { return .invalid(input, [ValidationIssue(.emailMissingAt)]) }
        guard EmailPatterns.legacy.matches(input) else {
            return .invalid(input, [ValidationIssue(.emailPatternMismatch)])
        }
        return EmailValidation(input: input, issues: [], normalized: input, ascii: input, requiresSMTPUTF8: false)
    }
}
