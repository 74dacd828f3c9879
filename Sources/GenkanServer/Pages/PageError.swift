import GenkanValidation

/// One problem to show on a form: next to its field (if it has one) and in the summary.
public struct PageError: Sendable {
    public let field: FormField?
    /// Plain text, already localized (escaped when rendered).
    public let message: String

    public init(field: FormField?, message: String) {
        self.field = field
        self.message = message
    }
}

/// What a form page shows besides its fields' rules: the values to keep and the problems.
public struct FormState: Sendable {
    /// Values typed by the user, kept after an error; a password is never kept.
    public var values: [FormField: String] = [:]
    public var errors: [PageError] = []

    public init(values: [FormField: String] = [:], errors: [PageError] = []) {
        self.values = values
        self.errors = errors
    }
}
