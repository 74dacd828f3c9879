import GenkanStore
import GenkanValidation

/// `/account/delete`, the seeds' withdrawal (退会): what will be deleted, the current password and
/// a box to tick; the account, its sessions, codes and unsent mail go in one transaction, a
/// goodbye mail is sent, and the browser lands on sign-in with a notice. The address can sign
/// up again afterwards.
struct AccountDeletion: Sendable {
    let forms: FormPages
    let pool: WorkerPool<AccountStore>
    let authenticator: Authenticator
    let failures: StoreFailures
    let checks: PasswordChecks

    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", shared.signedInPages).get(.accountDelete, form: .accountDeletion, use: show)
        router.group("", shared.signedInPages + shared.sensitivePost).post(.accountDelete, form: .accountDeletion, use: delete)
    }

    func show(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        forms.sensitive(.accountDeletion, request: request, context: context, pool: pool, failures: failures)
    }

    func delete(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let signedIn = context.signedIn else { return context.refuse(.status(.internalError), request) }
        let posted = context.formData
        let locale = context.locale, authenticator = self.authenticator
        // The sign-in limits count passwords; a passkey's answer is checked as a sign-in with one is.
        if OwnerProofField.passkey(in: context.formData) == nil,
            let refused = checks.knownRefusal(email: signedIn.account.email, request, context)
        {
            return refused
        }
        let checks = self.checks, client = PasswordChecks.Client(context)
        return pool.hashing(request, context, { store in
            checks.proving(signedIn, form: posted, client: client, authenticator: authenticator, in: store) { proven in
                authenticator.deleteAccount(proven.requester, locale: locale, in: store)
            }
        }) { [self] result in
            switch result {
            case .success:
                let cookies = [
                    context.deletingCookie(.session),
                    Notice.accountDeleted.cookie(context),
                ]
                return .response(Responses.redirect(.signIn, context: context, cookies: cookies))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return forms.reauthenticationFailed(.accountDeletion, failure, request: request, context: context)
            }
        }
    }
}
