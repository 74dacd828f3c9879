import GenkanStore
import GenkanValidation

/// The site's rate limits on the API's routes: the same limiters (so an attempt through the API
/// and one through a page spend from one bucket), keyed by what the JSON body says. A request
/// whose address is not valid spends nothing (no password will be checked, no mail sent); a
/// refused one is answered `TOO_MANY_ATTEMPTS_TRY_LATER`.
struct FirebaseLimits: Sendable {
    let signUpPerClient: RateLimit
    let signInPerClient: RateLimit
    let signInPerAccount: RateLimit
    let resetPerClient: RateLimit
    let resetPerAccount: RateLimit
    /// Verification and address-change mails per account (the site's "send the link again").
    let mailPerAccount: RateLimit
    /// Requests that use a one-time code, per client (the site's verification posts).
    let codePerClient: RateLimit

    init(shared: SharedMiddleware, rules: ValidationViewModel, tokens: IDTokens, clock: StoreClock) {
        /// The comparison key of the body's valid `email`, nil otherwise.
        let emailKey: @Sendable (RequestContext) -> String? = { context in
            guard let email = try? context.api?.string("email"), let normalized = rules.emailRule.validate(email).normalized else {
                return nil
            }
            return AccountStore.emailKey(normalized)
        }
        let requestType: @Sendable (RequestContext) -> String? = { context in try? context.api?.string("requestType") }
        signUpPerClient = RateLimit(
            limiter: shared.signUpPerClient.limiter, key: { _, context in emailKey(context).map { _ in context.clientAddress } },
            clock: clock)
        signInPerClient = RateLimit(
            limiter: shared.signInPerClient.limiter, key: { _, context in emailKey(context).map { _ in context.clientAddress } },
            clock: clock)
        signInPerAccount = RateLimit(limiter: shared.signInPerAccount.limiter, key: { _, context in emailKey(context) }, clock: clock)
        resetPerClient = RateLimit(
            limiter: shared.resetPerClient.limiter,
            key: { _, context in
                requestType(context) == "PASSWORD_RESET" && emailKey(context) != nil ? context.clientAddress : nil
            }, clock: clock)
        resetPerAccount = RateLimit(
            limiter: shared.resetPerAccount.limiter,
            key: { _, context in requestType(context) == "PASSWORD_RESET" ? emailKey(context) : nil }, clock: clock)
        mailPerAccount = RateLimit(
            limiter: shared.mailPerAccount.limiter,
            key: { _, context in
                let type = requestType(context)
                guard type == "VERIFY_EMAIL" || type == "VERIFY_AND_CHANGE_EMAIL", let token = try? context.api?.string("idToken"),
                    type == "VERIFY_EMAIL"
                        || (try? context.api?.string("newEmail")).flatMap({ rules.emailRule.validate($0).normalized }) != nil,
                    case .success(let claims) = tokens.verify(token, now: clock.now())
                else { return nil }
                return "account:\(claims.accountID)"
            }, clock: clock)
        codePerClient = RateLimit(
            limiter: shared.verifyPerClient.limiter,
            key: { _, context in (try? context.api?.string("oobCode")) != nil ? context.clientAddress : nil }, clock: clock)
    }
}
