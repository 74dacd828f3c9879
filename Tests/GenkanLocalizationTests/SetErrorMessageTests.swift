import Foundation
import Testing
@testable import GenkanLocalization

// `AuthErrorModel().setErrorMessage(_:)` as the seed app called it. The messages are copied by
// hand from Resources/Localizable.xcstrings, so a changed key or a lookup in the wrong language
// fails here.

private let japanese = AuthErrorModel(locale: "ja")
private let english = AuthErrorModel(locale: "en")

private let emailInUse = (ja: "このメールアドレスはすでに別のアカウントで使用されています。",
                          en: "This email address is already used by another account.")
private let unexpected = (ja: "問題が発生しました。もう一度お試しください。", en: "Something went wrong. Please try again.")

/// An error whose description is a server string, as an app's own networking code might throw.
private struct ServerError: Error, CustomStringConvertible {
    let description: String
}

private struct SomethingElse: Error {}

@Test func anNSErrorFromTheIOSSDK() {
    let bare = NSError(domain: "FIRAuthErrorDomain", code: 17007)
    #expect(japanese.setErrorMessage(bare) == emailInUse.ja)
    #expect(english.setErrorMessage(bare) == emailInUse.en)
    // As the SDK raises it, with its name and English description.
    let raised = NSError(domain: "FIRAuthErrorDomain", code: 17007, userInfo: [
        "FIRAuthErrorUserInfoNameKey": "ERROR_EMAIL_ALREADY_IN_USE",
        NSLocalizedDescriptionKey: "The email address is already in use by another account.",
    ])
    #expect(japanese.setErrorMessage(raised) == emailInUse.ja)
    #expect(english.setErrorMessage(raised) == emailInUse.en)
}

@Test func nilAndUnknownErrorsGetTheUnexpectedErrorMessage() {
    #expect(japanese.setErrorMessage(nil) == unexpected.ja)
    #expect(english.setErrorMessage(nil) == unexpected.en)
    #expect(japanese.setErrorMessage(SomethingElse()) == unexpected.ja)
    #expect(english.setErrorMessage(SomethingElse()) == unexpected.en)
    #expect(japanese.setErrorMessage(ServerError(description: "NOT_A_FIREBASE_ERROR")) == unexpected.ja)
    // A Firebase Auth domain with a code Firebase never used, and a Firebase code in another domain.
    #expect(japanese.setErrorMessage(NSError(domain: "FIRAuthErrorDomain", code: 99_999)) == unexpected.ja)
    #expect(japanese.setErrorMessage(NSError(domain: "FIRFirestoreErrorDomain", code: 17007)) == unexpected.ja)
    #expect(japanese.setErrorMessage(CocoaError(.fileNoSuchFile)) == unexpected.ja)
}

@Test func aURLErrorIsNotAFirebaseError() {
    // Firebase wraps a failed connection as networkError (17020); a bare URLError did not come from it.
    #expect(japanese.setErrorMessage(URLError(.notConnectedToInternet)) == unexpected.ja)
    #expect(english.setErrorMessage(URLError(.timedOut)) == unexpected.en)
    #expect(english.setErrorMessage(NSError(domain: "FIRAuthErrorDomain", code: 17020))
            == "Could not connect. Check your internet connection and try again.")
    // message(for:locale:) keeps reading a URL-loading error as a network error.
    #expect(english.message(for: URLError(.timedOut), locale: "en") == english.setErrorMessage(NSError(domain: "FIRAuthErrorDomain", code: 17020)))
}

@Test(arguments: [
    "EMAIL_EXISTS", "auth/email-already-in-use", "ERROR_EMAIL_ALREADY_IN_USE", "emailAlreadyInUse", "17007",
    "EMAIL_EXISTS : The email address is already in use by another account.",
    #"{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[{"message":"EMAIL_EXISTS","domain":"global","reason":"invalid"}]}}"#,
    "Firebase: Error (auth/email-already-in-use).",
])
func everySpellingOfAFirebaseError(spelling: String) {
    #expect(japanese.setErrorMessage(ServerError(description: spelling)) == emailInUse.ja)
    #expect(english.setErrorMessage(ServerError(description: spelling)) == emailInUse.en)
}

@Test func restStringsWithADetailAndGenkanTypes() {
    let weak = ServerError(description: "WEAK_PASSWORD : Password should be at least 6 characters")
    #expect(japanese.setErrorMessage(weak) == "パスワードが簡単すぎます。6文字以上で設定してください。")
    #expect(english.setErrorMessage(weak) == "This password is too weak. Use at least 6 characters.")
    let credentials = ServerError(description: "INVALID_LOGIN_CREDENTIALS")
    #expect(japanese.setErrorMessage(credentials) == "メールアドレスまたはパスワードが正しくありません。")
    #expect(japanese.setErrorMessage(AuthErrorCode.emailAlreadyInUse) == emailInUse.ja)
    #expect(japanese.setErrorMessage(AuthError(parsing: "EMAIL_EXISTS")) == emailInUse.ja)
    #expect(japanese.setErrorMessage(AuthError(parsing: "no such error")) == unexpected.ja)
}

@Test func theLocaleIsTheModels() {
    let error = NSError(domain: "FIRAuthErrorDomain", code: 17007)
    #expect(AuthErrorModel(locale: "ja-JP").setErrorMessage(error) == emailInUse.ja)
    #expect(AuthErrorModel(locale: "ja_JP.UTF-8").setErrorMessage(error) == emailInUse.ja)
    var model = AuthErrorModel(locale: "ja")
    model.locale = "de"
    #expect(model.setErrorMessage(error) == "Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.")
    #expect(AuthErrorModel(locale: "et").setErrorMessage(error) == emailInUse.en)      // not shipped: English
    // The default is one of the catalog's locales, whatever this process prefers.
    #expect(model.locales.contains(AuthErrorModel().locale))
}

@Test(arguments: [
    (["LANG": "ja_JP.UTF-8"], ["ja_JP.UTF-8"], "ja"),
    (["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], ["fr_FR.UTF-8"], "fr"),
    (["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "ko_KR.UTF-8"], ["ko_KR.UTF-8"], "ko"),
    (["LANG": "ja_JP.UTF-8", "LC_ALL": ""], ["ja_JP.UTF-8"], "ja"),                     // empty is unset
    (["LANGUAGE": "et:zh_TW:de", "LANG": "ja_JP.UTF-8"], ["et", "zh_TW", "de", "ja_JP.UTF-8"], "zh-Hant"),
    (["LANGUAGE": "de", "LANG": "C.UTF-8"], ["de", "C.UTF-8"], "de"),
    (["LANGUAGE": "de", "LANG": "C"], [], "en"),                                         // gettext ignores LANGUAGE under C
    (["LANGUAGE": "de", "LC_ALL": "POSIX", "LANG": "ja_JP.UTF-8"], [], "en"),
    (["LANGUAGE": "de"], [], "en"),
    ([:], [], "en"),
])
func theProcessLanguagesComeFromTheEnvironment(environment: [String: String], languages: [String], locale: String) {
    #expect(LocaleNegotiator.preferredLanguages(environment: environment) == languages)
    #expect(japanese.negotiator.bestLocale(preferred: languages) == locale)
}
