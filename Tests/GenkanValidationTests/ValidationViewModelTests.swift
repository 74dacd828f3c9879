import Testing
import GenkanValidation

// Expectations are worked by hand from the rules' definitions (the seed's regex, the presets'
// documented limits), not read off the implementation.

@Suite struct SeedFunctions {
    let model = ValidationViewModel()
    let legacy = ValidationViewModel.legacy

    // The seed: `if str != "" { return true }; return false`.
    @Test(arguments: [
        ("", false), ("a", true), ("タロウ", true), (" a ", true),
        // White space and invisible characters are content, as `str != ""` had them.
        (" ", true), ("\t", true), ("\u{3000}", true), ("\n", true), ("\u{200B}", true), ("\u{301}", true),
    ])
    func validateEmptyIsTrueWhenTheFieldHasContent(value: String, expected: Bool) {
        #expect(model.validateEmpty(str: value) == expected)
        #expect(legacy.validateEmpty(str: value) == expected)
    }

    @Test func aSignUpButtonWiredAsInTheSeedEnablesOnceANameIsTyped() {
        // SignUpView: .disabled(!(vm.validateEmpty(str: name) && vm.validateEmail(email: email) && ...))
        func disabled(_ name: String) -> Bool {
            !(legacy.validateEmpty(str: name) && legacy.validateEmail(email: "taro@example.com")
                && legacy.validatePassWord(password: "password"))
        }
        #expect(disabled(""))
        #expect(!disabled("T"))
        #expect(!disabled("Taro"))
    }

    @Test func validateEmailUsesTheConfiguredRule() {
        #expect(model.validateEmail(email: "taro@example.com"))
        #expect(!model.validateEmail(email: "taro@localhost"))        // special-use name, strict only
        #expect(!model.validateEmail(email: "taro.example.com"))
    }

    @Test(arguments: [
        // The seed's [A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}, whole value.
        ("taro@example.com", true), ("a@b.museum", true), ("a@b.travels", false), ("a@b.c", false),
        ("taro@localhost", false), ("a..b@example.com", true), ("a@b..com", true), ("ta ro@example.com", false),
        ("タロウ@example.com", false), ("taro@example.com ", false), ("", false),
    ])
    func legacyEmailIsTheSeedRegex(address: String, expected: Bool) {
        #expect(legacy.validateEmail(email: address) == expected)
    }

    @Test func validatePassWord() {
        #expect(legacy.validatePassWord(password: "password"))           // count >= 8, nothing else
        #expect(!legacy.validatePassWord(password: "passwor"))
        #expect(!model.validatePassWord(password: "password"))           // in the blocklist
        #expect(model.validatePassWord(password: "violet-otter-harbor"))
    }
}

@Suite struct Forms {
    let model = ValidationViewModel()

    @Test func signUpReportsEveryFieldInPageOrder() {
        let form = model.validateSignUp(name: "", email: "taro@", password: "short", confirmation: "shirt")
        #expect(!form.isValid)
        #expect(form.invalidFields == [.name, .email, .password, .passwordConfirmation])
        #expect(form.issues(for: .name).map(\.code) == [.nameEmpty])
        #expect(form.issues(for: .email).map(\.code) == [.emailDomainEmpty])
        let tooShort = form.issues(for: .password).first { $0.code == .passwordTooShort }
        #expect(tooShort?.parameters == ["minimum": 8, "actual": 5])
        #expect(form.issues(for: .passwordConfirmation).map(\.code) == [.formPasswordMismatch])
        #expect(form.issues.allSatisfy { $0.field != nil })
    }

    @Test func validSignUpGivesStorageForms() {
        let form = model.validateSignUp(
            name: "ﾀﾛｳ　Ｙａｍａｄａ", email: "Taro@EXAMPLE.com", password: "violet-otter-harbor",
            confirmation: "violet-otter-harbor")
        #expect(form.isValid)
        #expect(form.normalizedName == "タロウ Yamada")
        #expect(form.nameComparisonKey == "タロウ yamada")
        #expect(form.normalizedEmail == "Taro@example.com")
        #expect(form.preparedPassword == "violet-otter-harbor")
        #expect(form.passwordRequirements.allSatisfy { $0.isMet })
    }

    @Test func passwordIsCheckedAgainstNameAndEmail() {
        let form = model.validateSignUp(
            name: "Hanako", email: "hanako.sato@example.com", password: "hanako.sato", confirmation: "hanako.sato")
        let codes = form.issues(for: .password).map(\.code)
        #expect(codes.contains(.passwordContainsEmail))
        #expect(codes.contains(.passwordContainsName))
    }

    @Test func emptyConfirmationIsRequired() {
        let form = model.validateSignUp(name: "Taro", email: "taro@example.com", password: "violet-otter-harbor", confirmation: "")
        #expect(form.issues.map(\.code) == [.formRequired])
        #expect(form.issues.first?.field == .passwordConfirmation)
    }

    @Test func signInChecksPresenceAndTheHardCapOnly() {
        #expect(model.validateSignIn(email: "taro@example.com", password: "a").isValid)
        #expect(model.validateSignIn(email: "taro@example.com", password: "").issues.map(\.code) == [.passwordEmpty])
        let huge = String(repeating: "x", count: PasswordPolicy.hardMaximumLength + 1)
        #expect(model.validateSignIn(email: "taro@example.com", password: huge).issues.map(\.code) == [.passwordTooLong])
        #expect(model.validateSignIn(email: "taro@example.com", password: "a").passwordRequirements.isEmpty)
    }

    @Test func passwordChangeRefusesTheSamePassword() {
        let same = model.validatePasswordChange(
            currentPassword: "violet-otter-harbor", newPassword: "violet-otter-harbor", confirmation: "violet-otter-harbor")
        #expect(same.issues.map(\.code) == [.formPasswordUnchanged])
        #expect(same.issues.first?.field == .newPassword)
        let fine = model.validatePasswordChange(
            currentPassword: "old", newPassword: "violet-otter-harbor", confirmation: "violet-otter-harbor")
        #expect(fine.isValid)
    }

    @Test func resetUsesTheAccountAsContext() {
        let form = model.validatePasswordReset(
            newPassword: "yamada-taro-1", confirmation: "yamada-taro-1", context: PasswordContext(email: "yamada-taro@example.com"))
        #expect(form.issues(for: .newPassword).map(\.code).contains(.passwordContainsEmail))
    }

    @Test func accountDeletionNeedsConfirmationAndPassword() {
        #expect(model.validateAccountDeletion(currentPassword: "secret", confirmed: true).isValid)
        #expect(model.validateAccountDeletion(currentPassword: "secret", confirmed: false).issues.map(\.code) == [.formDeletionNotConfirmed])
        #expect(model.validateAccountDeletion(currentPassword: "", confirmed: true).issues.map(\.code) == [.passwordEmpty])
        #expect(model.validatePasswordResetRequest(email: "nobody").issues.map(\.code) == [.emailMissingAt])
    }

    @Test func theConfirmationBoxIsAFieldOfTheDeletionForm() {
        let unticked = model.validateAccountDeletion(currentPassword: "secret", confirmed: false)
        #expect(unticked.issues.map(\.field) == [.confirmation] && unticked.invalidFields == [.confirmation])
        #expect(model.validate(.accountDeletion, values: [.currentPassword: "secret", .confirmation: "on"]).isValid)
        #expect(model.htmlAttributes(for: .confirmation, in: .accountDeletion).map(\.name) == ["type", "required"])
    }

    @Test func settingsFormsUseTheSignUpRules() {
        let name = model.validateNameChange(name: "ﾀﾛｳ　Ｙａｍａｄａ")
        #expect(name.isValid && name.normalizedName == "タロウ Yamada")
        #expect(model.validateNameChange(name: " ").issues.allSatisfy { $0.field == .name })
        let change = model.validateEmailChange(currentPassword: "", newEmail: "Taro@Example.COM")
        #expect(change.issues.map(\.code) == [.passwordEmpty])
        #expect(model.validateEmailChange(currentPassword: "secret", newEmail: "Taro@Example.COM").normalizedEmail == "Taro@example.com")
        #expect(FormKind.emailChange.fields == [.currentPassword, .email] && !FormKind.emailChange.setsPassword)
    }

    @Test func oneFieldAtATimeForLiveValidation() {
        let values: [FormField: String] = [.name: "Taro", .email: "bad", .password: "taro", .passwordConfirmation: "x"]
        let email = model.validateField(.email, in: .signUp, values: values)
        #expect(email.issues.map(\.code) == [.emailMissingAt])
        let password = model.validateField(.password, in: .signUp, values: values)
        #expect(password.issues.allSatisfy { $0.field == .password })
        #expect(password.issues.map(\.code).contains(.passwordContainsName))
        #expect(!password.passwordRequirements.isEmpty)
        #expect(model.validateField(.name, in: .signIn, values: values).issues.isEmpty)   // not a sign-in field
    }
}

@Suite struct Descriptions {
    let model = ValidationViewModel()

    func attribute(_ name: String, _ field: FormField, _ kind: FormKind) -> String? {
        model.htmlAttributes(for: field, in: kind).first { $0.name == name }?.value
    }

    @Test func autocompleteTokensMatchTheField() {
        #expect(attribute("autocomplete", .email, .signIn) == "email")
        #expect(attribute("autocomplete", .password, .signIn) == "current-password")
        #expect(attribute("autocomplete", .password, .signUp) == "new-password")
        #expect(attribute("autocomplete", .passwordConfirmation, .signUp) == "new-password")
        #expect(attribute("autocomplete", .name, .signUp) == "nickname")
        #expect(attribute("autocomplete", .currentPassword, .passwordChange) == "current-password")
        #expect(attribute("minlength", .password, .signUp) == "8")
        #expect(attribute("minlength", .password, .signIn) == nil)
        #expect(attribute("type", .email, .signUp) == "email")
    }

    @Test func jsonListsTheFieldsInOrder() {
        let json = model.jsonDescription(of: .signUp).serialized()
        let positions = ["\"name\"", "\"email\"", "\"password\"", "\"password-confirmation\""].map {
            json.range(of: "\"field\":" + $0)?.lowerBound
        }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(json.hasPrefix(#"{"form":"sign-up","fields":["#))
    }
}
