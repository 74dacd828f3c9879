import GenkanStore

extension SiteFeature {
    /// A sensitive form's change (a password, an address, the account's deletion): the owner
    /// proved first, by a passkey's answer when the form carries one, else by the current password
    /// behind the sign-in limits (a refusal already known is answered at once, on the loop), then
    /// `operation` in the same hashing job. A failure shows `form` again
    /// (`FormPages.reauthenticationFailed`); the operation's value goes to `done`.
    func provingOwner<T: Sendable>(
        _ signedIn: SignedIn, of form: FormDescription, _ request: HTTPRequest, _ context: RequestContext,
        _ operation: @escaping @Sendable (ProvenSession, AccountStore) -> Result<T, AuthFailure>,
        then done: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        let posted = context.formData
        // The sign-in limits count passwords; a passkey's answer is checked as a sign-in with one is.
        if OwnerProofField.passkey(in: posted) == nil, let refused = checks.knownRefusal(email: signedIn.account.email, request, context) {
            return refused
        }
        let authenticator = self.authenticator, checks = self.checks, client = PasswordChecks.Client(context)
        return pool.hashing(request, context, { store in
            checks.proving(signedIn, form: posted, client: client, authenticator: authenticator, in: store) { proven in
                operation(proven, store)
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
