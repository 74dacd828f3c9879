import GenkanJSON

extension ValidationViewModel {
    /// The `<input>` attributes for one field of a form, so the browser enforces what it can of
    /// the rule the server will apply (HTML Living Standard §4.10.5): type, required, length
    /// bounds, and the `autocomplete` token password managers rely on.
    package func htmlAttributes(for field: FormField, in kind: FormKind) -> [(name: String, value: String)] {
        switch field {
        case .email: emailRule.htmlAttributes
        case .name: nameProfile.htmlAttributes
        case .password where kind.setsPassword, .newPassword: passwordPolicy.htmlAttributes
        case .password, .currentPassword: Self.currentPasswordAttributes
        case .passwordConfirmation:
            // Same bounds as the new password, without the generator hints.
            passwordPolicy.htmlAttributes.filter { $0.name != "passwordrules" }
        case .confirmation: [("type", "checkbox"), ("required", "")]
        case .code: Self.codeAttributes
        }
    }

    /// A second factor's code: a phone's digit keyboard and its autofill of a code it received
    /// (`one-time-code`); the field also takes a recovery code, typed on the same keyboard's
    /// letters, so it is text rather than a number. 64 characters leave room for spaces and
    /// hyphens around a 16-character recovery code.
    static let codeAttributes: [(name: String, value: String)] = [
        ("type", "text"), ("required", ""), ("inputmode", "numeric"), ("maxlength", "64"), ("autocomplete", "one-time-code"),
        ("autocapitalize", "none"), ("spellcheck", "false"),
    ]

    /// A password the user already has: present and within the hard cap, never the policy.
    /// `maxlength` counts UTF-16 units in the browser, at most two per code point.
    static let currentPasswordAttributes: [(name: String, value: String)] = [
        ("type", "password"), ("required", ""), ("maxlength", String(PasswordPolicy.hardMaximumLength * 2)),
        ("autocomplete", "current-password"), ("autocapitalize", "none"), ("spellcheck", "false"),
    ]

    /// The form's rules as JSON for the browser: each field with its attributes and, where a rule
    /// applies, the rule's own description.
    package func jsonDescription(of kind: FormKind) -> JSONValue {
        .object([
            ("form", .string(kind.rawValue)),
            ("fields", .array(kind.fields.map { field in
                var members: JSONValue.Members = [
                    ("field", .string(field.rawValue)),
                    ("attributes", .object(htmlAttributes(for: field, in: kind).map { ($0.name, .string($0.value)) })),
                ]
                if let rule = ruleDescription(for: field, in: kind) { members.append(("rule", rule)) }
                return .object(members)
            })),
        ])
    }

    private func ruleDescription(for field: FormField, in kind: FormKind) -> JSONValue? {
        switch field {
        case .email: emailRule.json
        case .name: nameProfile.json
        case .password where kind.setsPassword, .newPassword: passwordPolicy.json
        case .password, .currentPassword, .passwordConfirmation, .confirmation, .code: nil
        }
    }
}
