import GenkanLocalization
import GenkanValidation

/// The seed's sign-in screen state (see `SignUpViewModel`): no name field, and the error model
/// made where it is used.
public final class SignInViewModel {
    private let vm = ValidationViewModel()
    private let auth: any EmailAuth

    public var email: String = ""
    public var password: String = ""
    public var errorMessage: String = ""

    public init(auth: any EmailAuth) {
        self.auth = auth
    }

    public var isSignInButtonEnabled: Bool {
        vm.validateEmail(email: email) && vm.validatePassWord(password: password)
    }

    public func signIn(completion: @escaping (Bool) -> Void) {
        auth.signIn(withEmail: email, password: password) { uid, error in
            if uid != nil && error == nil {
                self.errorMessage = ""
                completion(true)
            } else {
                self.errorMessage = AuthErrorModel().setErrorMessage(error)
                completion(false)
            }
        }
    }
}
