import Foundation
import Testing
import SeedApp

/// Answers as Firebase's `Auth` would: a user id, or the error the iOS SDK raises.
private struct StubAuth: EmailAuth {
    var error: (any Error)?

    func createUser(withEmail email: String, password: String, completion: @escaping (String?, (any Error)?) -> Void) {
        error == nil ? completion("uid-1", nil) : completion(nil, error)
    }

    func signIn(withEmail email: String, password: String, completion: @escaping (String?, (any Error)?) -> Void) {
        error == nil ? completion("uid-1", nil) : completion(nil, error)
    }
}

/// An error as the Firebase iOS SDK raises it.
private func firebaseError(_ code: Int, _ name: String) -> NSError {
    NSError(domain: "FIRAuthErrorDomain", code: code, userInfo: ["FIRAuthErrorUserInfoNameKey": name])
}

/// Runs `body` with the process preferring `locale`, as an app on a device set to that language;
/// the environment is put back afterwards.
private func withPreferredLanguage<T>(_ locale: String, _ body: () throws -> T) rethrows -> T {
    let names = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
    let saved = names.map { ($0, getenv($0).map { String(cString: $0) }) }
    defer {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }
    for name in names { unsetenv(name) }
    setenv("LANG", locale, 1)
    return try body()
}

// Serialized: the language tests change the environment, which the view models read when made.
@Suite(.serialized) struct SeedViewModels {
    static let strongPassword = "violet-otter-harbor"

    @Test func theSignUpButtonIsDisabledWithAnEmptyNameAndEnabledOnceOneIsTyped() {
        let viewModel = SignUpViewModel(auth: StubAuth())
        viewModel.email = "taro@example.com"
        viewModel.password = Self.strongPassword
        #expect(!viewModel.isSignUpButtonEnabled)
        viewModel.name = "T"
        #expect(viewModel.isSignUpButtonEnabled)
        viewModel.name = "Taro Yamada"
        #expect(viewModel.isSignUpButtonEnabled)
        viewModel.name = ""
        #expect(!viewModel.isSignUpButtonEnabled)
    }

    @Test func theSignUpButtonAlsoNeedsAnAddressAndAPassword() {
        let viewModel = SignUpViewModel(auth: StubAuth())
        viewModel.name = "Taro"
        viewModel.email = "taro@example"
        viewModel.password = Self.strongPassword
        #expect(!viewModel.isSignUpButtonEnabled)
        viewModel.email = "taro@example.com"
        #expect(viewModel.isSignUpButtonEnabled)
        viewModel.password = "short"
        #expect(!viewModel.isSignUpButtonEnabled)
    }

    @Test func theSignInButtonNeedsAnAddressAndAPassword() {
        let viewModel = SignInViewModel(auth: StubAuth())
        #expect(!viewModel.isSignInButtonEnabled)
        viewModel.email = "taro@example.com"
        #expect(!viewModel.isSignInButtonEnabled)
        viewModel.password = Self.strongPassword
        #expect(viewModel.isSignInButtonEnabled)
    }

    @Test func anAddressInUseIsExplainedInJapanese() {
        withPreferredLanguage("ja_JP.UTF-8") {
            let viewModel = SignUpViewModel(auth: StubAuth(error: firebaseError(17007, "ERROR_EMAIL_ALREADY_IN_USE")))
            var succeeded: Bool?
            viewModel.signUp { succeeded = $0 }
            #expect(succeeded == false)
            #expect(viewModel.errorMessage == "このメールアドレスはすでに別のアカウントで使用されています。")
        }
    }

    @Test func theSameErrorInEnglishOnAnEnglishSystem() {
        withPreferredLanguage("en_US.UTF-8") {
            let viewModel = SignUpViewModel(auth: StubAuth(error: firebaseError(17007, "ERROR_EMAIL_ALREADY_IN_USE")))
            viewModel.signUp { _ in }
            #expect(viewModel.errorMessage == "This email address is already used by another account.")
        }
    }

    @Test func aWrongPasswordAndAnUnknownAccountReadAlike() {
        withPreferredLanguage("ja_JP.UTF-8") {
            for error in [firebaseError(17009, "ERROR_WRONG_PASSWORD"), firebaseError(17011, "ERROR_USER_NOT_FOUND"),
                          firebaseError(17004, "ERROR_INVALID_CREDENTIAL")] {
                let viewModel = SignInViewModel(auth: StubAuth(error: error))
                viewModel.signIn { _ in }
                #expect(viewModel.errorMessage == "メールアドレスまたはパスワードが正しくありません。")
            }
        }
    }

    @Test func anErrorThatIsNotFirebasesIsUnexpected() {
        withPreferredLanguage("ja_JP.UTF-8") {
            let viewModel = SignInViewModel(auth: StubAuth(error: URLError(.notConnectedToInternet)))
            viewModel.signIn { _ in }
            #expect(viewModel.errorMessage == "問題が発生しました。もう一度お試しください。")
        }
    }

    @Test func successClearsTheMessage() {
        let viewModel = SignUpViewModel(auth: StubAuth())
        viewModel.errorMessage = "old"
        var succeeded: Bool?
        viewModel.signUp { succeeded = $0 }
        #expect(succeeded == true && viewModel.errorMessage.isEmpty)
    }
}
