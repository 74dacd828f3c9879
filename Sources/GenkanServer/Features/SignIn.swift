import GenkanStore
import GenkanValidation

/// `/signin`: the form, and checking an e-mail address and password.
struct SignIn: Sendable {
    let forms: FormPages
    let authenticator: Authenticator
    let sessions: SessionStart

    /// GET shows the form (or sends a signed-in visitor on). A POST passes its token check,
    /// validation, and both rate limits (per client, then per address) before its password is
    /// checked.
    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", shared.optionalSession).get("/signin", form: .signIn, use: show)
        router.group("", FormParsing(), shared.csrf(.preSession), shared.validating, shared.signInPerClient, shared.signInPerAccount)
            .post("/signin", form: .signIn, use: submit)
    }

    func show(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        if context.signedIn != nil { return .response(Responses.redirect("/account", context: context)) }
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let returnTo = query?[FormDescription.returnField].flatMap(LocalPath.init)
        return .response(forms.blank(.signIn, context: context, hidden: returnTo.map { [(FormDescription.returnField, $0.value)] } ?? []))
    }

    func submit(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let verdict = context.validation, let email = verdict.normalizedEmail, let password = verdict.preparedPassword
        else { return context.refuse(.status(.internalError), request) }
        let destination = context.formData?[FormDescription.returnField].flatMap(LocalPath.init)?.value ?? "/account"
        let authenticator = self.authenticator
        return sessions.start(
            .signIn, request: request, context: context, values: FormDescription.signIn.keptValues(context.formData),
            destination: destination
        ) { store in
            authenticator.signIn(email: email, password: password, in: store)
        }
    }
}
