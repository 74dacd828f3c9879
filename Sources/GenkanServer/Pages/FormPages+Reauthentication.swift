import GenkanHTTP
import GenkanStore
import GenkanValidation

extension FormPages {
    /// A sensitive form after its operation failed: the sign-in message on the current-password
    /// field (a wrong password), another message on its field, the sign-in limits' refusal, or,
    /// when the session ended while the form was open (signed out elsewhere, a password change on
    /// another device), sign-in.
    func reauthenticationFailed(
        _ form: FormDescription, _ failure: AuthFailure, request: HTTPRequest, context: some PostedRequestContext
    ) -> Reply {
        switch failure {
        case .userTokenExpired, .userNotFound:
            return context.refuseEndedSession(request)
        case .throttled(let refusal):
            return context.refuse(SiteRefusal(refusal), request)
        default:
            // A form that had "use a passkey instead" keeps it (its hidden answer field came back);
            // a refused passkey reads as a passkey's refusal, not as a wrong password.
            let offered = renderer.passkeys && form.offersPasskeyProof && context.formData[OwnerProofField.name] != nil
            let message: PageError
            if OwnerProofField.passkey(in: context.formData) != nil, failure.isPasskeyRefusal {
                message = PageError(field: nil, message: PasskeyMessages.text(failure, texts: texts, locale: context.locale))
            } else {
                let field = failure == .invalidCredential ? FormField.currentPassword : failure.field
                message = error(failure.code, field: field, locale: context.locale)
            }
            return .response(
                page(
                    form, context: context, status: 422, values: form.keptValues(context.formData), errors: [message],
                    passkeyProof: offered))
        }
    }
}

extension AuthFailure {
    /// Whether a passkey's answer was refused (rather than the operation after the proof).
    var isPasskeyRefusal: Bool {
        switch self {
        case .passkeyNotFound, .passkeyRejected, .passkeyChallengeInvalid, .passkeysUnavailable: true
        default: false
        }
    }
}
