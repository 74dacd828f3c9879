import GenkanValidation

extension FormKind {
    /// The URL of the form's page (it posts to the same).
    var path: String {
        switch self {
        case .signIn: "/signin"
        case .signUp: "/signup"
        case .passwordResetRequest: "/password/forgot"
        case .passwordReset: "/password/reset"
        case .passwordChange: "/account/password"
        case .accountDeletion: "/account/delete"
        }
    }
}

/// A validated sign-in or sign-up form: the issues per field, and the normalized values to use
/// when there are none.
public struct FormVerdict: Sendable {
    public var issues: [ValidationIssue]
    /// Normalized e-mail address (for storage and look-up).
    public var email: String
    /// Normalized display name and its comparison key (sign-up).
    public var name: String
    public var nameKey: String
    /// The prepared password to hash.
    public var password: String

    public init(issues: [ValidationIssue], email: String = "", name: String = "", nameKey: String = "", password: String = "") {
        self.issues = issues
        self.email = email
        self.name = name
        self.nameKey = nameKey
        self.password = password
    }

    public var isValid: Bool { issues.isEmpty }
}

/// One line of the password checklist.
public struct ChecklistItem: Sendable {
    /// The issue raised when the requirement is unmet (its code and parameters give the text).
    public let issue: ValidationIssue
    public let isMet: Bool

    public init(issue: ValidationIssue, isMet: Bool) {
        self.issue = issue
        self.isMet = isMet
    }
}

/// What pages need from GenkanValidation: whole-form verdicts, one field's verdict for live
/// validation, and each rule's HTML attributes. `ValidationViewModel` is the authority;
/// `ValidatedFormRules` implements this over it.
public protocol FormRules: Sendable {
    func validateSignIn(email: String, password: String) -> FormVerdict
    func validateSignUp(name: String, email: String, password: String, confirmation: String) -> FormVerdict
    /// The issues of one field as the user types; `values` holds the other fields' current values
    /// (a password is checked against the e-mail and name, a confirmation against the password).
    func validateField(_ field: FormField, in form: FormKind, values: [FormField: String]) -> [ValidationIssue]
    /// The requirements of a new password, met or not, in a stable order.
    func checklist(password: String, email: String, name: String) -> [ChecklistItem]
    /// The `<input>` attributes that express the field's rule (`type`, `required`, lengths,
    /// `autocomplete`, ...).
    func attributes(for field: FormField, in form: FormKind) -> [(name: String, value: String)]
}
