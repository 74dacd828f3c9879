/// The verdict on a whole form: every issue of every field, and the values prepared for storage.
public struct FormValidation: Sendable, Hashable {
    /// The site's form this verdict is on.
    package let kind: FormKind
    /// Every issue, each naming its field, in the order of the form's fields.
    public let issues: [ValidationIssue]
    public var isValid: Bool { issues.isEmpty }
    /// The e-mail address in its storage form, when the form has a valid one.
    public let normalizedEmail: String?
    /// The display name as it is stored, when the form has a valid one.
    public let normalizedName: String?
    /// The name's comparison key (for uniqueness), when the form has a valid name.
    public let nameComparisonKey: String?
    /// The password as it is hashed (RFC 8265 OpaqueString preparation), when valid.
    public let preparedPassword: String?
    /// The new password's checklist, for forms that set a password.
    public let passwordRequirements: [PasswordRequirement]
    /// A second factor's code as typed, when the form has one that is not empty (whether it is a
    /// code at all is the second factor's own check, which counts it).
    public internal(set) var secondFactorCode: String? = nil

    /// The issues of one field.
    public func issues(for field: FormField) -> [ValidationIssue] {
        issues.filter { $0.field == field }
    }

    /// The fields with at least one issue, in form order: what an error summary links to.
    public var invalidFields: [FormField] {
        kind.fields.filter { field in issues.contains { $0.field == field } }
    }
}
