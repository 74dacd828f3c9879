import GenkanStore
import GenkanValidation

/// `/signup`: the form, and creating an account.
struct SignUp: Sendable {
    let forms: FormPages
    let authenticator: Authenticator
    let sessions: SessionStart

    /// GET shows the form (or sends a signed-in visitor on); a valid POST is rate-limited per
    /// client before the password is hashed.
    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", shared.optionalSession).get("/signup", form: .signUp, use: show)
        router.group("", FormParsing(), shared.csrf(.preSession), shared.validating, shared.signUpPerClient)
            .post("/signup", form: .signUp, use: submit)
    }

    func show(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        if context.signedIn != nil { return .response(Responses.redirect("/account", context: context)) }
        return .response(forms.blank(.signUp, context: context))
    }

    func submit(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let verdict = context.validation, let email = verdict.normalizedEmail, let name = verdict.normalizedName,
            let nameKey = verdict.nameComparisonKey, let password = verdict.preparedPassword
        else { return context.refuse(.status(.internalError), request) }
        let authenticator = self.authenticator
        return sessions.start(
            .signUp, request: request, context: context, values: FormDescription.signUp.keptValues(context.formData),
            destination: "/account"
        ) { store in
            authenticator.signUp(email: email, displayName: name, nameKey: nameKey, password: password, in: store)
        }
    }
}
