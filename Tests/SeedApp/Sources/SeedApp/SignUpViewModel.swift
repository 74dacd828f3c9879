import GenkanLocalization
import GenkanValidation

/// The seed's sign-up screen state. In the app it is an `ObservableObject` with `@Published`
/// properties, which are Apple's Combine; on Linux the same properties are plain `var`s. The
/// rest is as the seed wrote it: its `ValidationViewModel` and `AuthErrorModel`, now Genkan's.
public final class SignUpViewModel {
    private let vm = ValidationViewModel()
    private let errModel = AuthErrorModel()
    private let auth: any EmailAuth

    public var name: String = ""
    public var email: String = ""
    public var password: String = ""
    public var errorMessage: String = ""

    public init(auth: any EmailAuth) {
        self.auth = auth
    }

    /// SignUpView: `.disabled(!viewModel.isSignUpButtonEnabled)`.
    public var isSignUpButtonEnabled: Bool {
        vm.validateEmpty(str: name) && vm.validateEmail(email: email) && vm.validatePassWord(password: password)
    }

    public func signUp(completion: @escaping (Bool) -> Void) {
        auth.createUser(withEmail: email, password: password) { uid, error in
            if uid != nil && error == nil {
                self.errorMessage = ""
                completion(true)
            } else {
                self.errorMessage = self.errModel.setErrorMessage(error)
                completion(false)
            }
        }
    }
}
