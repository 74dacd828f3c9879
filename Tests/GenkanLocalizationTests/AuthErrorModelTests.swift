import Foundation
import Testing
@testable import GenkanLocalization
import GenkanUnicode
import GenkanValidation

private let model = AuthErrorModel()

@Test func credentialErrorsShareOneMessageByDefault() {
    // The model's first promise: three spellings of three different errors, one Japanese message.
    let messages = ["17009", "auth/user-not-found", "INVALID_LOGIN_CREDENTIALS"].map {
        model.message(for: AuthError(parsing: $0), locale: "ja")
    }
    #expect(Set(messages).count == 1)
    #expect(messages[0] == MessageCatalog.standard.string("auth.credentials-rejected", locale: "ja"))
    #expect(messages[0] != MessageCatalog.standard.string("auth.credentials-rejected", locale: "en"))
    for code in [AuthErrorCode.userNotFound, .wrongPassword, .invalidCredential] {
        #expect(model.message(for: code, locale: "ja") == messages[0])
        #expect(model.messageKey(for: code) == AuthErrorModel.credentialErrorKey)
    }
}

@Test func groupingCanBeSwitchedOff() {
    var distinct = AuthErrorModel()
    distinct.groupsCredentialErrors = false
    #expect(distinct.messageKey(for: .userNotFound) == "auth/user-not-found")
    #expect(distinct.messageKey(for: .wrongPassword) == "auth/wrong-password")
    #expect(distinct.messageKey(for: .invalidCredential) == "auth/invalid-credential")
    // The invalid-credential wording (expired or malformed sign-in details) then shows through...
    #expect(distinct.message(for: AuthErrorCode.invalidCredential, locale: "en") != model.message(for: AuthErrorCode.invalidCredential, locale: "en"))
    // ...while unknown-account and wrong-password still never tell which one it was.
    for locale in catalogLocales {
        let grouped = model.message(for: AuthErrorCode.wrongPassword, locale: locale)
        #expect(distinct.message(for: AuthErrorCode.userNotFound, locale: locale) == grouped)
        #expect(distinct.message(for: AuthErrorCode.wrongPassword, locale: locale) == grouped)
    }
    // Errors outside the group are the same either way.
    #expect(distinct.message(for: AuthErrorCode.invalidEmail, locale: "de") == model.message(for: AuthErrorCode.invalidEmail, locale: "de"))
}

@Test func everyErrorTypeIsLocalized() {
    let nsError = NSError(domain: "FIRAuthErrorDomain", code: 17008)
    #expect(model.message(for: nsError, locale: "fr") == model.message(for: AuthErrorCode.invalidEmail, locale: "fr"))
    let body = #"{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[{"message":"EMAIL_EXISTS","domain":"global","reason":"invalid"}]}}"#
    #expect(model.message(for: AuthError(parsing: body), locale: "ko") == model.message(for: AuthErrorCode.emailAlreadyInUse, locale: "ko"))
    // Anything unknown gets the internal-error message, in the requested language.
    struct Strange: Error {}
    #expect(model.message(for: Strange(), locale: "it") == model.message(for: AuthErrorCode.internalError, locale: "it"))
}

@Test func unmetRequirementsAreLocalizedOneByOne() {
    let error = AuthError(parsing: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain at least 12 characters, Password must contain an upper case character]")
    let localized = model.localize(error, locale: "ru")
    #expect(localized.details.count == 2)
    // 12 is "many" in Russian.
    #expect(localized.details[0] == MessageCatalog.standard.string("auth.password-requirement.minimum-length", locale: "ru", arguments: [.integer(12)]))
    #expect(localized.details[0].contains("12"))
    #expect(localized.text == ([localized.message] + localized.details).joined(separator: " "))
    let japanese = model.localize(error, locale: "ja")
    #expect(japanese.text == japanese.message + japanese.details.joined())
}

@Test func localesAreNegotiated() {
    #expect(Set(originalLocales).isSubset(of: model.locales))
    #expect(model.locale(for: "ja-JP") == "ja")
    #expect(model.locale(for: "zh-TW") == "zh-Hant")
    #expect(model.locale(for: "et") == "en")   // Estonian is not one of the 49
    #expect(model.locale(for: "not a tag") == "en")
    // A regional variety goes to the one CLDR derives it from, then to the language.
    #expect(model.locale(for: "pt-PT") == "pt-PT" && model.locale(for: "pt") == "pt-BR")
    #expect(model.message(for: AuthErrorCode.invalidEmail, locale: "pt-AO") == model.message(for: AuthErrorCode.invalidEmail, locale: "pt-PT"))
    #expect(model.message(for: AuthErrorCode.invalidEmail, locale: "pt-PT") != model.message(for: AuthErrorCode.invalidEmail, locale: "pt-BR"))
}

@Test func validationIssuesUseTheDescriptorsParameterOrder() throws {
    let issue = ValidationIssue(.formTooLong, field: .name, ["maximum": 1024])
    #expect(model.message(for: issue, locale: "en") == "This is too long. The limit is 1,024 bytes.")
    #expect(model.message(for: ValidationIssue(.formPasswordMismatch), locale: "de") == "Die Passwörter stimmen nicht überein.")
    // Parameters are placed by name, whatever order the issue lists them in.
    let ordered = AuthErrorModel.arguments(["actual": 9, "minimum": 15], order: ["minimum", "actual"])
    #expect(ordered == [.integer(15), .integer(9)])
}

@Test func uiTextAndHTML() {
    #expect(model.text("ui.signin.title", locale: "ja") == "ログイン")
    #expect(model.text("ui.errors.summary", locale: "en", ["count": 1]) == "There is 1 problem")
    #expect(model.text("ui.errors.summary", locale: "en", ["count": 3]) == "There are 3 problems")
    #expect(model.html("ui.account.signed-in-as", locale: "en", ["email": "<b>a@example.com</b>"]) == "Signed in as &lt;b&gt;a@example.com&lt;/b&gt;")
    // An unknown key shows itself, so a gap is visible and nothing crashes.
    #expect(model.text("ui.no-such-key", locale: "en") == "ui.no-such-key")
}

@Test func weakPasswordStatesTheMinimumTheServerGave() throws {
    // The REST detail carries the number, and that number is the one shown.
    let rest = AuthError(parsing: #"{"error":{"code":400,"message":"WEAK_PASSWORD : Password should be at least 6 characters"}}"#)
    #expect(rest.code == .weakPassword)
    #expect(rest.minimumPasswordLength == 6)
    #expect(model.message(for: rest, locale: "en") == "This password is too weak. Use at least 6 characters.")
    #expect(model.message(for: rest, locale: "ja") == "パスワードが簡単すぎます。6文字以上で設定してください。")
    // The same detail through the web SDK's message and the iOS SDK's failure reason.
    let web = AuthError(parsing: "Firebase: Password should be at least 6 characters (auth/weak-password).")
    #expect(web.minimumPasswordLength == 6)
    let ios = NSError(domain: "FIRAuthErrorDomain", code: 17026, userInfo: [NSLocalizedFailureReasonErrorKey: "Password should be at least 10 characters"])
    #expect(model.message(for: ios, locale: "en") == "This password is too weak. Use at least 10 characters.")
    // A number from the server wins over the caller's policy.
    let strict = AuthErrorModel(passwordMinimumLength: 15)
    #expect(strict.message(for: rest, locale: "en") == "This password is too weak. Use at least 6 characters.")
    // Only weak-password errors read a minimum from their detail.
    #expect(AuthError(parsing: "TOO_MANY_ATTEMPTS_TRY_LATER : at least 6 characters").minimumPasswordLength == nil)
}

@Test func weakPasswordWithoutANumberStatesThePolicyMinimum() throws {
    // GenkanValidation's default policy by default.
    #expect(PasswordPolicy.default.minimumLength == 8)
    #expect(model.passwordMinimumLength == 8)
    for error in [AuthError(parsing: "auth/weak-password"), AuthError(parsing: "WEAK_PASSWORD"), AuthError(parsing: "17026")] {
        #expect(error.minimumPasswordLength == nil)
        #expect(model.message(for: error, locale: "en") == "This password is too weak. Use at least 8 characters.")
        #expect(model.message(for: error, locale: "ja") == "パスワードが簡単すぎます。8文字以上で設定してください。")
    }
    #expect(model.message(for: AuthErrorCode.weakPassword, locale: "en") == "This password is too weak. Use at least 8 characters.")
    #expect(model.message(for: AuthErrorCode.weakPassword, locale: "ja") == "パスワードが簡単すぎます。8文字以上で設定してください。")
    // The caller's policy, with the plural form its number needs.
    let nist = AuthErrorModel(passwordMinimumLength: PasswordPolicy.nist.minimumLength)
    #expect(nist.message(for: AuthErrorCode.weakPassword, locale: "en") == "This password is too weak. Use at least 15 characters.")
    var one = AuthErrorModel()
    one.passwordMinimumLength = 1
    #expect(one.message(for: AuthErrorCode.weakPassword, locale: "en") == "This password is too weak. Use at least 1 character.")
    #expect(one.message(for: AuthErrorCode.weakPassword, locale: "ru") == "Слишком простой пароль. Используйте не менее 1 символа.")
    // Every language states the number, in its own digits.
    for locale in catalogLocales {
        let eight = model.message(for: AuthErrorCode.weakPassword, locale: locale)
        let expected = MessageCatalog.standard.string("auth/weak-password", locale: locale, arguments: [.integer(8)])
        #expect(eight == expected, "\(locale)")
        #expect(eight.contains(CLDR.format(8, locale: locale)), "\(locale): \(eight)")  // ৮ in Bengali, ۸ in Persian…
        #expect(!eight.contains("%"), "\(locale): \(eight)")
    }
}
