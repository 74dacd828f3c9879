import GenkanValidation

/// What a handler reads from a valid form, typed: the prepared values of the fields its form has,
/// none of them optional. A handler that takes `FormContext<_, SignInValues>` can only be
/// registered on a group validating a form with those values (`RouteGroup.validating`), and that
/// group checks at start that its form has the fields (`fields`).
protocol FormValues: Sendable {
    /// The fields the values come from.
    static var fields: Set<FormField> { get }
    /// The values of a verdict that is valid on a form with `fields` (GenkanValidation prepares the
    /// value of each valid field; nil only if a verdict broke that).
    init?(valid verdict: FormValidation)
}

/// Values with an e-mail address: the forms whose limits count per address (`SharedMiddleware.perEmail`).
protocol EmailFormValues: FormValues {
    /// The address in its storage form.
    var email: String { get }
}

/// An address and a password: sign-in.
struct SignInValues: EmailFormValues {
    static let fields: Set<FormField> = [.email, .password]
    let email: String
    /// The password as it is hashed.
    let password: String

    init?(valid verdict: FormValidation) {
        guard let email = verdict.normalizedEmail, let password = verdict.preparedPassword else { return nil }
        self.email = email
        self.password = password
    }
}

/// A name, an address and a new password: sign-up.
struct SignUpValues: EmailFormValues {
    static let fields: Set<FormField> = [.name, .email, .password]
    let email: String
    let name: NameValues
    let password: String

    init?(valid verdict: FormValidation) {
        guard let email = verdict.normalizedEmail, let name = NameValues(valid: verdict), let password = verdict.preparedPassword
        else { return nil }
        self.email = email
        self.name = name
        self.password = password
    }
}

/// An address alone: the requests for a mailed link, a new address.
struct EmailValues: EmailFormValues {
    static let fields: Set<FormField> = [.email]
    let email: String

    init?(valid verdict: FormValidation) {
        guard let email = verdict.normalizedEmail else { return nil }
        self.email = email
    }
}

/// A display name as it is stored, and its comparison key.
struct NameValues: FormValues {
    static let fields: Set<FormField> = [.name]
    let name: String
    let key: String

    init?(valid verdict: FormValidation) {
        guard let name = verdict.normalizedName, let key = verdict.nameComparisonKey else { return nil }
        self.name = name
        self.key = key
    }
}

/// A new password, as it is hashed: a password change.
struct NewPasswordValues: FormValues {
    static let fields: Set<FormField> = [.newPassword]
    let password: String

    init?(valid verdict: FormValidation) {
        guard let password = verdict.preparedPassword else { return nil }
        self.password = password
    }
}

/// A form whose handler reads no prepared value (the deletion's ticked box, checked by validation;
/// the current password, proved by the handler).
struct NoValues: FormValues {
    static let fields: Set<FormField> = []

    init?(valid verdict: FormValidation) {}
}

/// A second factor's code as typed (the core reads it: six digits, or a recovery code).
struct CodeValues: FormValues {
    static let fields: Set<FormField> = [.code]
    let code: String

    init?(valid verdict: FormValidation) {
        guard let code = verdict.secondFactorCode else { return nil }
        self.code = code
    }
}
