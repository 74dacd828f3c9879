import GenkanHTTP
import GenkanStore

extension SiteFeature {
    /// A sensitive form's routes at `path`: the GET shows it (`showSensitive`), the POST goes
    /// through the signed-in form's token check and validation (`SharedMiddleware.signedInForm`)
    /// to `submit`, which proves the owner (`provingOwner`). Both are for a signed-in account only.
    func registerSensitiveForm<Values: FormValues>(
        _ form: FormDescription, at path: SitePath, as values: Values.Type, on router: Router<SiteContext>, with shared: SharedMiddleware,
        submit: @escaping RouteHandler<FormContext<SignedInContext, Values>>
    ) {
        shared.signedIn(router.group()).get(path, form: form, use: { request, context in showSensitive(form, request, context) })
        shared.signedInForm(form, as: values, on: router.group()).post(path, use: submit)
    }

    /// A sensitive form as first shown, with "use a passkey instead" when passkeys work here and
    /// the account has one (looked up on the pool).
    func showSensitive(_ form: FormDescription, _ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let signedIn = context.signedIn
        guard forms.renderer.passkeys, form.offersPasskeyProof else {
            return .response(forms.blank(form, context: context))
        }
        return fromStore(request, context, { core throws(StoreError) in try !core.passkeys(accountID: signedIn.account.id).isEmpty }) {
            [forms] hasPasskey in
            .response(forms.blank(form, context: context, passkeyProof: hasPasskey))
        }
    }

    /// A sensitive form's change (a password, an address, the account's deletion): the owner
    /// proved first, by a passkey's answer when the form carries one, else by the current password
    /// behind the sign-in limits (a refusal already known is answered at once, on the loop), then
    /// `operation` in the same hashing job. A failure shows `form` again
    /// (`FormPages.reauthenticationFailed`); the operation's value goes to `done`.
    func provingOwner<T: Sendable>(
        _ signedIn: SignedIn, of form: FormDescription, _ request: HTTPRequest, _ context: some PostedRequestContext,
        _ operation: @escaping @Sendable (ProvenSession, Authenticator) -> Result<T, AuthFailure>,
        then done: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        let posted = context.formData
        // The sign-in limits count passwords; a passkey's answer is checked as a sign-in with one is.
        if OwnerProofField.passkey(in: posted) == nil, let refused = checks.knownRefusal(email: signedIn.account.email, request, context) {
            return refused
        }
        let checks = self.checks, client = PasswordChecks.Client(context)
        return pool.hashing(request, context, { core in
            checks.proving(signedIn, form: posted, client: client, in: core) { proven in
                operation(proven, core)
            }
        }) { [self] result in
            switch result {
            case .success(let value):
                return done(value)
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return forms.reauthenticationFailed(form, failure, request: request, context: context)
            }
        }
    }
}
