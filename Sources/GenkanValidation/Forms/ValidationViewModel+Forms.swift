extension ValidationViewModel {
    /// Validates a sign-in form: a plausible e-mail address and a present password within the
    /// hard cap. The password policy is never applied here, so a password set under an older
    /// policy still signs in.
    public func validateSignIn(email: String, password: String) -> FormValidation {
        validate(.signIn, values: [.email: email, .password: password])
    }

    /// Validates a sign-up form: the display name, the e-mail address, the new password under the
    /// policy (with the name and e-mail as context) and its confirmation.
    public func validateSignUp(name: String, email: String, password: String, confirmation: String) -> FormValidation {
        validate(.signUp, values: [.name: name, .email: email, .password: password, .passwordConfirmation: confirmation])
    }

    /// Validates the request for a password-reset link.
    public func validatePasswordResetRequest(email: String) -> FormValidation {
        validate(.passwordResetRequest, values: [.email: email])
    }

    /// Validates a new password chosen from a reset link; `email` and `name` give context.
    public func validatePasswordReset(
        newPassword: String, confirmation: String, context: PasswordContext = .init()
    ) -> FormValidation {
        validate(.passwordReset, values: [.newPassword: newPassword, .passwordConfirmation: confirmation], context: context)
    }

    /// Validates a password change: the current password is present, the new one meets the policy,
    /// differs from the current one and is confirmed.
    public func validatePasswordChange(
        currentPassword: String, newPassword: String, confirmation: String, context: PasswordContext = .init()
    ) -> FormValidation {
        validate(
            .passwordChange,
            values: [.currentPassword: currentPassword, .newPassword: newPassword, .passwordConfirmation: confirmation],
            context: context)
    }

    /// Validates an account deletion: the current password is present and the user confirmed.
    public func validateAccountDeletion(currentPassword: String, confirmed: Bool) -> FormValidation {
        validate(.accountDeletion, values: [.currentPassword: currentPassword, .confirmation: confirmed ? "on" : ""])
    }

    /// Validates a new display name under the sign-up form's name rules.
    public func validateNameChange(name: String) -> FormValidation {
        validate(.nameChange, values: [.name: name])
    }

    /// Validates an e-mail change: the current password is present and the new address valid.
    public func validateEmailChange(currentPassword: String, newEmail: String) -> FormValidation {
        validate(.emailChange, values: [.currentPassword: currentPassword, .email: newEmail])
    }

    /// Validates any form from its field values; a missing field counts as empty. `context`
    /// adds what the form itself lacks for the password's context checks (the account's e-mail
    /// and name on a reset or change form).
    package func validate(_ kind: FormKind, values: [FormField: String], context: PasswordContext = .init()) -> FormValidation {
        validate(kind, values: values, context: context, fields: kind.fields)
    }

    /// Validates one field of a form as the user types, with the other fields' values as context
    /// (the password is checked against the name and e-mail; the confirmation against the password).
    package func validateField(
        _ field: FormField, in kind: FormKind, values: [FormField: String], context: PasswordContext = .init()
    ) -> FormValidation {
        validate(kind, values: values, context: context, fields: kind.fields.contains(field) ? [field] : [])
    }

    private func validate(
        _ kind: FormKind, values: [FormField: String], context: PasswordContext, fields: [FormField]
    ) -> FormValidation {
        var issues: [ValidationIssue] = []
        var email: EmailValidation?
        var name: NameValidation?
        var password: PasswordEvaluation?
        var code: String?
        for field in fields {
            let value = values[field] ?? ""
            switch field {
            case .email:
                let result = checkEmail(value)
                email = result
                issues += result.issues.map { $0.on(.email) }
            case .name:
                let result = nameProfile.enforce(value)
                name = result
                issues += result.issues.map { $0.on(.name) }
            case .password where !kind.setsPassword, .currentPassword:
                let result = PasswordPolicy.evaluateForSignIn(value)
                if field == .password { password = result }
                issues += result.issues.map { $0.on(field) }
            case .password, .newPassword:
                var passwordContext = context
                if let address = values[.email] { passwordContext.email = address }
                if let display = values[.name] { passwordContext.name = display }
                let result = passwordPolicy.evaluate(value, context: passwordContext)
                password = result
                issues += result.issues.map { $0.on(field) }
                if kind == .passwordChange, !value.isEmpty, value == values[.currentPassword] {
                    issues.append(ValidationIssue(.formPasswordUnchanged, field: field))
                }
            case .code:
                if value.allSatisfy(\.isWhitespace) { issues.append(ValidationIssue(.formRequired, field: field)) } else { code = value }
            case .confirmation:
                if value.isEmpty { issues.append(ValidationIssue(.formDeletionNotConfirmed, field: field)) }
            case .passwordConfirmation:
                let original = values[kind == .signUp ? .password : .newPassword] ?? ""
                if value.isEmpty {
                    issues.append(ValidationIssue(.formRequired, field: field))
                } else if value != original {
                    issues.append(ValidationIssue(.formPasswordMismatch, field: field))
                }
            }
        }
        var verdict = FormValidation(
            kind: kind, issues: issues, normalizedEmail: email?.normalized, normalizedName: name?.normalized,
            nameComparisonKey: name?.comparisonKey, preparedPassword: password?.normalized,
            passwordRequirements: kind.setsPassword ? password?.requirements ?? [] : [])
        verdict.secondFactorCode = code
        return verdict
    }

    /// The e-mail check the model is configured with: the seed's pattern, or `emailRule`.
    func checkEmail(_ value: String) -> EmailValidation {
        usesSeedEmailPattern ? SeedEmailPattern.validate(value) : emailRule.validate(value)
    }
}
