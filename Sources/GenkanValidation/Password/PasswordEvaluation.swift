/// The outcome of checking one password against a `PasswordPolicy`.
public struct PasswordEvaluation: Sendable, Hashable {
    /// Every unmet requirement, each with its parameters; empty when the password is accepted.
    public let issues: [ValidationIssue]
    public var isValid: Bool { issues.isEmpty }
    /// The prepared password to hash (non-ASCII spaces mapped to U+0020, NFC; RFC 8265 §4.2), or
    /// nil when the password is not accepted.
    public let normalized: String?
    /// Every requirement the policy checked, met or not, in a stable order: a form can show them
    /// as a checklist and tick them off as the user types.
    public let requirements: [PasswordRequirement]
}

/// One requirement of a password policy and whether the password meets it.
///
/// The code is the code of the issue raised when the requirement is not met
/// (`password.too-short` for "at least 8 characters"), with the same parameters.
public struct PasswordRequirement: Sendable, Hashable {
    public let code: IssueCode
    public let parameters: IssueParameters
    public let isMet: Bool

    public init(code: IssueCode, parameters: IssueParameters = [:], isMet: Bool) {
        self.code = code
        self.parameters = parameters
        self.isMet = isMet
    }
}
