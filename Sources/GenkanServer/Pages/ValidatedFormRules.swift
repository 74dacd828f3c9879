import GenkanValidation

/// `FormRules` from GenkanValidation: `ValidationViewModel` decides, and its rules describe
/// themselves as input attributes.
public struct ValidatedFormRules: FormRules {
    public let model: ValidationViewModel

    public init(model: ValidationViewModel = ValidationViewModel()) {
        self.model = model
    }

    public func validateSignIn(email: String, password: String) -> FormVerdict {
        verdict(model.validateSignIn(email: email, password: password))
    }

    public func validateSignUp(name: String, email: String, password: String, confirmation: String) -> FormVerdict {
        verdict(model.validateSignUp(name: name, email: email, password: password, confirmation: confirmation))
    }

    public func validateField(_ field: FormField, in form: FormKind, values: [FormField: String]) -> [ValidationIssue] {
        model.validateField(field, in: form, values: values).issues
    }

    public func checklist(password: String, email: String, name: String) -> [ChecklistItem] {
        let context = PasswordContext(email: email.isEmpty ? nil : email, name: name.isEmpty ? nil : name)
        return model.passwordPolicy.evaluate(password, context: context).requirements.filter {
            !Self.unlisted.contains($0.code)
        }.map { requirement in
            ChecklistItem(issue: ValidationIssue(requirement.code, field: .password, requirement.parameters), isMet: requirement.isMet)
        }
    }

    public func attributes(for field: FormField, in form: FormKind) -> [(name: String, value: String)] {
        model.htmlAttributes(for: field, in: form)
    }

    /// Requirements still enforced but not worth a line in the checklist: an empty password is
    /// covered by the minimum length, and the hard cap and control characters concern almost no
    /// one.
    static let unlisted: Set<IssueCode> = ["password.empty", "password.too-long", "password.control-character"]

    private func verdict(_ validation: FormValidation) -> FormVerdict {
        FormVerdict(
            issues: validation.issues, email: validation.normalizedEmail ?? "", name: validation.normalizedName ?? "",
            nameKey: validation.nameComparisonKey ?? "", password: validation.preparedPassword ?? "")
    }
}
