import GenkanStore
import GenkanValidation

extension FormPages {
    /// A sensitive form again after its current password was refused (or another failure): the
    /// sign-in message on the current-password field, what was typed kept (never a secret).
    func reauthenticationFailed(_ form: FormDescription, _ failure: AuthFailure, context: RequestContext) -> HTTPResponse {
        let field = failure == .invalidCredential ? FormField.currentPassword : failure.field
        return page(
            form, context: context, status: 422, values: form.keptValues(context.formData),
            errors: [error(failure.code, field: field, locale: context.locale)])
    }
}
