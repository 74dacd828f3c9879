/// Validates Genkan's forms — sign-in, sign-up, password reset, password change, account
/// deletion — and single values, with the rules it is configured with (`emailRule`,
/// `passwordPolicy`, `nameProfile`, each usable on its own).
///
/// The seed app's three functions keep their names, signatures and meanings:
/// `validateEmpty(str:)` is true when a field has content, `validateEmail(email:)` and
/// `validatePassWord(password:)` answer with the configured rules, which `ValidationViewModel()`
/// sets stricter than the seed's; `ValidationViewModel.legacy` answers as the seed did (its
/// e-mail regular expression and `count >= 8`). The model holds no mutable or global state, so
/// one value can serve every thread.
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

    /// The seed app's rules: `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}` matched against the
    /// whole value, as `NSPredicate`'s `SELF MATCHES` did (nothing before or after, not even a
    /// final newline; ASCII letters only, case as written), and `password.count >= 8` in Swift
    /// `Character`s, so `"👨‍👩‍👧‍👦"` counts one and `"e\u{301}"` one.
    ///
    /// The bounds every model keeps are the only differences from the seed: an address of more
    /// than `EmailRule.maximumInputLength` UTF-8 bytes (1024), and a password of more than
    /// `PasswordPolicy.hardMaximumLength` characters (4096, Firebase's own ceiling) or four times
    /// as many UTF-8 bytes, are refused.
    public static let legacy: ValidationViewModel = {
        var model = ValidationViewModel(emailRule: .html, passwordPolicy: .legacy, nameProfile: .nickname)
        model.usesSeedEmailPattern = true
        return model
    }()

    // MARK: The seed's functions

    /// True when `str` has content, false only for the empty string: the seed's `str != ""`, so a
    /// button wired as `.disabled(!vm.validateEmpty(str: name))` enables once something is typed.
    ///
    /// White space is content, as it was in the seed: `validateEmpty(str: " ")` is true. The
    /// sign-up and name forms (`validateSignUp`, `validateNameChange`) still refuse a blank name.
    public func validateEmpty(str: String) -> Bool {
        !str.isEmpty
    }

    /// True when `email` is an acceptable address under this model's e-mail rule.
    public func validateEmail(email: String) -> Bool {
        checkEmail(email).issues.isEmpty
    }

    /// True when `password` meets this model's password policy (without context checks); under
    /// `.legacy`, when it has at least 8 `Character`s.
    public func validatePassWord(password: String) -> Bool {
        passwordPolicy.evaluate(password).isValid
    }
}
