import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/signin`: the form, and checking an e-mail address and password.
struct SignIn: SiteFeature {
    let site: SiteServices
    let sessions: SessionStart

    /// GET shows the form (or sends a signed-in visitor on). A POST passes its token check and
    /// validation; its password is then checked on the hashing lane behind the sign-in limits
    /// (`PasswordChecks`), which count the wrong ones.
    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.visitor(router.group()).get(.signIn, form: .signIn, use: show)
        shared.anonymousForm(.signIn, as: SignInValues.self, on: router.group()).post(.signIn, use: submit)
    }

    func show(_ request: HTTPRequest, _ context: SessionContext) -> Reply {
        if context.signedIn != nil { return .response(Responses.redirect(.account, context: context)) }
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let returnTo = query?[FormDescription.returnField].flatMap(LocalPath.init)
        return .response(forms.blank(.signIn, context: context, hidden: returnTo.map { [(FormDescription.returnField, $0.value)] } ?? []))
    }

    func submit(_ request: HTTPRequest, _ context: FormContext<SiteContext, SignInValues>) -> Reply {
        let email = context.values.email, password = context.values.password
        if let refused = checks.knownRefusal(email: email, request, context) { return refused }
        let destination = context.formData[FormDescription.returnField].flatMap(LocalPath.init)?.value ?? SitePath.account.path
        let checks = self.checks, client = PasswordChecks.Client(context)
        // A browser the account signed in from before: its own limit instead of the account's
        // count, and the front of the hashing queue.
        let device = checks.knownDevice(context, email: email)
        return sessions.start(
            .signIn, request: request, context: context, values: FormDescription.signIn.keptValues(context.formData),
            destination: destination, priority: checks.hasPriority(device, email: email, client: client)
        ) { core in
            checks.signIn(email: email, client: client, device: device, in: core) {
                core.signIn(email: email, password: password)
            }
        }
    }
}
