import GenkanHTTP
import GenkanValidation

/// One problem to show on a form: next to its field (if it has one) and in the summary.
struct PageError: Sendable {
    let field: FormField?
    /// Plain text, already localized (escaped when rendered).
    let message: String

    init(field: FormField?, message: String) {
        self.field = field
        self.message = message
    }
}

/// What a form page shows besides its fields' rules: the values to keep, the problems, and any
/// hidden fields the form carries on (where to go after signing in).
struct FormState: Sendable {
    /// Values typed by the user, kept after an error. The renderer never writes a secret field's
    /// value, whatever is here.
    var values: [FormField: String] = [:]
    var errors: [PageError] = []
    var hidden: [(name: String, value: String)] = []
    /// The intro when it says something about this visitor (the account a reset is for),
    /// instead of the description's own.
    var intro: String?
    /// A one-time notice above the form ("your account has been deleted").
    var notice: String?
    /// Whether the signed-in account has a passkey that may stand in for its current password
    /// (on a form that `offersPasskeyProof`).
    var passkeyProof = false
    /// What goes between the intro and the form, for this visitor only (the QR code and the key of
    /// a new authenticator).
    var preamble: TrustedHTML?

    /// Whether the page is the same for every visitor but for the CSRF token (so it can be
    /// rendered ahead, see `BlankForms`).
    var isBlank: Bool {
        values.isEmpty && errors.isEmpty && hidden.isEmpty && intro == nil && notice == nil && !passkeyProof && preamble == nil
    }
}
