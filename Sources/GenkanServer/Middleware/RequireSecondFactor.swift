import GenkanHTTP
import GenkanStore

/// With `--require-two-factor`: a signed-in account without a second factor reaches only the page
/// that adds one (`TwoFactorSettings`, registered `enrolling`), or, while its address is not
/// verified (adding a factor needs a verified address), the page that sends the link. Signing out
/// and the mailed links stay open; the Firebase API is not the site's policy.
struct RequireSecondFactor: Middleware {
    let pool: WorkerPool<Authenticator>
    let failures: StoreFailures

    func handle(_ request: HTTPRequest, context: SignedInContext, next: @escaping RouteHandler<SignedInContext>) -> Reply {
        let account = context.signedIn.account
        let failures = self.failures
        return pool.reply(.interactive, { core in
            Result { () throws(StoreError) in try core.hasSecondFactor(accountID: account.id) }
        }) { found in
            switch found {
            case .success(true):
                return next(request, context)
            case .success(false):
                return .response(Responses.redirect(account.isVerified ? .twoFactor : .verifyEmailRequired, context: context))
            case .failure(let error):
                return failures.refuse(error, request: request, context: context)
            }
        }
    }
}
