import GenkanHTTP
import GenkanValidation

/// Checks the posted fields of `form` with GenkanValidation before anything costly or limited
/// happens: a form with problems is shown again (422) with each problem next to its field, spends
/// no rate-limit attempt and reaches no handler. A valid form hands on a `FormContext` with its
/// prepared `Values`. `RouteGroup.validating(_:as:with:)` puts it on a group.
struct FormValidating<Base: SiteRequestContext, Values: FormValues>: Middleware {
    let form: FormDescription
    let rules: ValidationViewModel
    let forms: FormPages

    func handle(_ request: HTTPRequest, context: PostedContext<Base>, next: @escaping RouteHandler<FormContext<Base, Values>>) -> Reply {
        var values: [FormField: String] = [:]
        for field in form.fields { values[field.field] = SubmittedText.value(context.formData[field.id] ?? "", for: field.field) }
        // A passkey's answer stands in for the current password (checked by the handler, as the
        // password would be): the field's own rule does not apply then.
        if form.offersPasskeyProof, form.field(.currentPassword) != nil, OwnerProofField.passkey(in: context.formData) != nil {
            values[.currentPassword] = "passkey"
        }
        // On a signed-in form a new password is also checked against the account's own address
        // and name (the sign-up form has them among its fields).
        let account = context.account
        let verdict = rules.validate(
            form.kind, values: values, context: PasswordContext(email: account?.email, name: account?.displayName))
        guard verdict.isValid else {
            return .response(
                forms.page(
                    form, context: context, status: 422, values: form.keptValues(context.formData), issues: verdict.issues,
                    hidden: form.keptHidden(context.formData)))
        }
        // The group checked at start that the form has the values' fields, and a valid verdict
        // prepares each of them: a verdict without one is a fault of the validation, not the visitor's.
        guard let prepared = Values(valid: verdict) else { return context.refuse(.status(.internalError), request) }
        return next(request, FormContext(base: context.base, formData: context.formData, form: form, values: prepared))
    }
}
