/// Validates Genkan's forms — sign-in, sign-up, password reset, password change, account
/// deletion — and single fields, with the rules it is configured with.
///
/// The seed app's three functions keep their signatures and answer with the configured rules;
/// `ValidationViewModel.legacy` answers exactly as the seed did (its e-mail regular expression
/// and `count >= 8`). The model holds no mutable or global state, so one value can serve every
/// thread.
///
/// ```swift
/// let form = ValidationViewModel().validateSignUp(
///     name: "ﾀﾛｳ", email: "taro@example.com", password: "password", confirmation: "passwort")
/// form.issues(for: .password).map(\.code)   // [password.in-blocklist]
/// form.issues(for: .passwordConfirmation)   // [form.password-mismatch]
/// ```
public struct ValidationViewModel: Sendable, Hashable {
    public var emailRule: EmailRule
    public var passwordPolicy: PasswordPolicy
    public var nameProfile: NameProfile
    /// Whether `validateEmail(email:)` and the e-mail fields use the seed's regular expression
    /// instead of `emailRule`.
    public var usesSeedEmailPattern: Bool

    public init(
        emailRule: EmailRule = .strict, passwordPolicy: PasswordPolicy = .default,
        nameProfile: NameProfile = .nickname
    ) {
        self.emailRule = emailRule
        self.passwordPolicy = passwordPolicy
        self.nameProfile = nameProfile
        self.usesSeedEmailPattern = false
    }

    /// The seed app's rules: `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}` as a whole-string
    /// match, and `count >= 8`.
    public static let legacy: ValidationViewModel = {
        var model = ValidationViewModel(emailRule: .html, passwordPolicy: .legacy, nameProfile: .nickname)
        model.usesSeedEmailPattern = true
        return model
    }()

    // MARK: The seed's functions

    /// True when `str` is empty or holds only white space: the seed's check for a blank field.
    public func validateEmpty(str: String) -> Bool {
        str.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// True when `email` is an acceptable address under this model's e-mail rule.
    public func validateEmail(email: String) -> Bool {
        checkEmail(email).issues.isEmpty
    }

    /// True when `password` meets this model's password policy (without context checks).
    public func validatePassWord(password: String) -> Bool {
        passwordPolicy.evaluate(password).isValid
    }
}
