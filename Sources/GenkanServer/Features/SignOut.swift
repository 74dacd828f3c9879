import GenkanStore

/// `POST /signout`: ends the session on the server and in the browser. The form's token must be
/// bound to the session, so no other site can sign a visitor out.
struct SignOut: Sendable {
    let pool: WorkerPool<AccountStore>
    let failures: StoreFailures

    func register(on router: Router, with shared: SharedMiddleware) {
        router.group("", FormParsing(), shared.csrf(.session)).post(.signOut, use: submit)
    }

    func submit(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        guard let token = context.sessionToken else { return context.refuse(.signInRequired(returnTo: nil), request) }
        let failures = self.failures
        return pool.reply(.interactive, { store in Result { () throws(StoreError) in try store.deleteSession(token: token) } }) {
            outcome in
            switch outcome {
            case .success:
                let deletion = context.deletingCookie(.session)
                return .response(Responses.redirect(.signIn, context: context, cookies: [deletion]))
            case .failure(let error):
                return failures.refuse(error, request: request, context: context)
            }
        }
    }
}
