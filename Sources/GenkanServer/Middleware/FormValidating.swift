import GenkanHTTP
import GenkanValidation

/// Checks the posted fields of the route's form with GenkanValidation before anything costly
/// or limited happens: a form with problems is shown again (422) with each problem next to its
/// field, spends no rate-limit attempt and reaches no handler. A valid form's verdict, with the
/// normalized values, goes into `context.validation`.
struct FormValidating: Middleware {
    let rules: ValidationViewModel
    let forms: FormPages

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SiteContext>) -> Reply {
        // Only a route registered with a form has one; anything else is a wiring mistake.
        guard let form = context.form else { return context.refuse(.status(.internalError), request) }
        var values: [FormField: String] = [:]
        for field in form.fields { values[field.field] = SubmittedText.value(context.formData?[field.id] ?? "", for: field.field) }
        // A passkey's answer stands in for the current password (checked by the handler, as the
        // password would be): the field's own rule does not apply then.
        if form.offersPasskeyProof, form.field(.currentPassword) != nil, OwnerProofField.passkey(in: context.formData) != nil {
            values[.currentPassword] = "passkey"
        }
        // On a signed-in form a new password is also checked against the account's own address
        // and name (the sign-up form has them among its fields).
        let account = context.signedIn?.account
        let verdict = rules.validate(
            form.kind, values: values, context: PasswordContext(email: account?.email, name: account?.displayName))
        guard verdict.isValid else {
            return .response(
                forms.page(
                    form, context: context, status: 422, values: form.keptValues(context.formData), issues: verdict.issues,
                    hidden: form.keptHidden(context.formData)))
        }
        var context = context
        context.validation = verdict
        return next(request, context)
    }
}
