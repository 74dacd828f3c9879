import GenkanValidation
import Testing
@testable import GenkanServer

/// Every form's valid verdict gives every values type whose fields the form has: what
/// `RouteGroup.validating(_:as:with:)` checks at start holds at run time too, so `FormValidating`
/// never has a valid form it cannot hand on.
@Suite struct FormValuesTests {
    static let password = "correct horse battery staple"
    static let valid: [FormKind: [FormField: String]] = [
        .signIn: [.email: "taro@example.com", .password: password],
        .signUp: [.name: "山田 太郎", .email: "taro@example.com", .password: password, .passwordConfirmation: password],
        .passwordResetRequest: [.email: "taro@example.com"],
        .signInLinkRequest: [.email: "taro@example.com"],
        .passwordReset: [.newPassword: password, .passwordConfirmation: password],
        .passwordChange: [.currentPassword: "old password", .newPassword: password, .passwordConfirmation: password],
        .accountDeletion: [.currentPassword: "old password", .confirmation: "yes"],
        .nameChange: [.name: "山田 花子"],
        .emailChange: [.currentPassword: "old password", .email: "hanako@example.com"],
        .reauthentication: [.currentPassword: "old password"],
        .secondFactor: [.code: "123456"],
        .secondFactorRemoval: [.currentPassword: "old password", .code: "7k3m-q9xd-2hfa-v0nc"],
    ]
    static let types: [any FormValues.Type] = [
        SignInValues.self, SignUpValues.self, EmailValues.self, NameValues.self, NewPasswordValues.self, NoValues.self, CodeValues.self,
    ]

    @Test(arguments: FormKind.allCases)
    func aValidVerdictGivesTheValuesOfItsFields(_ kind: FormKind) throws {
        let values = try #require(Self.valid[kind], "no sample for \(kind)")
        let verdict = ValidationViewModel().validate(kind, values: values)
        #expect(verdict.isValid, "\(kind): \(verdict.issues.map(\.code.rawValue))")
        for type in Self.types where type.fields.isSubset(of: Set(kind.fields)) {
            #expect(type.init(valid: verdict) != nil, "\(kind) as \(type)")
        }
    }
}
