import GenkanStore
import GenkanValidation

extension FormPages {
    /// A sensitive form after its operation failed: the sign-in message on the current-password
    /// field (a wrong password), another message on its field, the sign-in limits' refusal, or,
    /// when the session ended while the form was open (signed out elsewhere, a password change on
    /// another device), sign-in.
    func reauthenticationFailed(
        _ form: FormDescription, _ failure: AuthFailure, request: HTTPRequest, context: RequestContext
    ) -> Reply {
        switch failure {
        case .userTokenExpired, .userNotFound:
            var signedOut = context
            signedOut.hasStaleSessionCookie = true
            return signedOut.refuse(.signInRequired(returnTo: nil), request)
        case .throttled(let refusal):
            return context.refuse(Refusal(refusal), request)
        default:
            let field = failure == .invalidCredential ? FormField.currentPassword : failure.field
            return .response(
                page(
                    form, context: context, status: 422, values: form.keptValues(context.formData),
                    errors: [error(failure.code, field: field, locale: context.locale)]))
        }
    }
}
