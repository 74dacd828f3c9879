import GenkanStore
import GenkanValidation

/// The site's stored limits on the API's routes: the same limits (`Limit.keyed(by:)`: the
/// same names, `rate_limits` rows and refusal cache, so an attempt through the API and one through
/// a page spend from one bucket), keyed by what the JSON body says, as the pages key them: the
/// client's `clientKey`, an address's keyed hash (`SignInThrottle.accountKey(email:)`), an
/// account's id. A request whose address is not valid spends nothing (no mail will be sent, no
/// account made); a refused one is answered `TOO_MANY_ATTEMPTS_TRY_LATER` with `Retry-After`, and
/// an answer of 503 (the fair hashing queue could not take the job) gives its attempt back.
///
/// Sign-in has no limit here: `signInWithPassword` goes through the sign-in limits around the
/// password check itself (`PasswordChecks`), with the page's sign-in.
struct FirebaseLimits: Sendable {
    /// Sign-ups per client (the page's `sign-up.address`).
    let signUpPerClient: RateLimit<APIContext>
    /// Reset requests per client and per e-mail address (`reset.address`, `reset.email`).
    let resetPerClient: RateLimit<APIContext>
    let resetPerAccount: RateLimit<APIContext>
    /// Verification and address-change mails per account (the site's "send the link again",
    /// `mail.account`).
    let mailPerAccount: RateLimit<APIContext>
    /// Requests that use a one-time code, per client (the site's verification posts,
    /// `verify.address`).
    let codePerClient: RateLimit<APIContext>
    /// `signInWithIdp` per client, with the site's provider sign-ins (`idp.address`).
    let providerSignInPerClient: RateLimit<APIContext>
    /// `signInWithCustomToken` per client: the same in-memory limit as sign-ins with a provider's
    /// token (`idp.address`), which these are too.
    let customTokenPerClient: RateLimit<APIContext>
    /// Anonymous sign-ups per client (`anonymous.address`): a body without an address, a password
    /// or an ID token.
    let anonymousPerClient: RateLimit<APIContext>

    init(shared: SharedMiddleware, rules: ValidationViewModel, tokens: IDTokens, clock: StoreClock) {
        let throttle = shared.checks.throttle
        /// The body's `email`, normalized as the handlers read it; nil when it is missing or not valid.
        let email: @Sendable (APIContext) -> String? = { context in
            guard let value = try? context.body.string("email") else { return nil }
            return try? FirebaseInput(rules: rules).email(value)
        }
        let requestType: @Sendable (APIContext) -> String? = { context in try? context.body.string("requestType") }
        signUpPerClient = shared.signUpPerClient.keyed { _, context in email(context).map { _ in context.clientKey } }
        // Sign-in links are mailed to an address as reset links are: the same limits.
        let mailsAddress: @Sendable (APIContext) -> Bool = { context in
            requestType(context) == "PASSWORD_RESET" || requestType(context) == "EMAIL_SIGNIN"
        }
        resetPerClient = shared.resetPerClient.keyed { _, context in
            mailsAddress(context) && email(context) != nil ? context.clientKey : nil
        }
        resetPerAccount = shared.resetPerAccount.keyed { _, context in
            mailsAddress(context) ? email(context).map(throttle.accountKey(email:)) : nil
        }
        mailPerAccount = shared.mailPerAccount.keyed { _, context in
            let type = requestType(context)
            guard type == "VERIFY_EMAIL" || type == "VERIFY_AND_CHANGE_EMAIL", let token = try? context.body.string("idToken"),
                type == "VERIFY_EMAIL"
                    || (try? context.body.string("newEmail")).flatMap({ try? FirebaseInput(rules: rules).email($0) }) != nil,
                case .success(let claims) = tokens.verify(token, now: clock.now())
            else { return nil }
            return "account:\(claims.uid)"
        }
        providerSignInPerClient = shared.providerSignInPerClient.perClient()
        customTokenPerClient = shared.providerSignInPerClient.perClient()
        anonymousPerClient = shared.anonymousSignUpPerClient.keyed { _, context in
            let api = context.body
            guard !api.has("email"), !api.has("password"), !api.has("idToken") else { return nil }
            return context.clientKey
        }
        codePerClient = shared.verifyPerClient.keyed { _, context in
            (try? context.body.string("oobCode")) != nil ? context.clientKey : nil
        }
    }
}
