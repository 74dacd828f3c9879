import GenkanLocalization
import GenkanStore
import GenkanValidation

extension AuthFailure {
    /// The Firebase Authentication error the pages show for this failure: the one mapping from
    /// the store's failures to codes, checked by the compiler whenever a case is added.
    var code: AuthErrorCode {
        switch self {
        case .emailAlreadyInUse: .emailAlreadyInUse
        case .invalidCredential: .invalidCredential
        case .userDisabled: .userDisabled
        case .tooManyRequests: .tooManyRequests
        case .internalError: .internalError
        }
    }

    /// The field the message belongs next to, when it is about one.
    var field: FormField? {
        switch self {
        case .emailAlreadyInUse: .email
        case .invalidCredential, .userDisabled, .tooManyRequests, .internalError: nil
        }
    }
}
