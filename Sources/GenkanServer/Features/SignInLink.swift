import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/signin/link`: "send me a sign-in link" — signing in without the password, by a link mailed to
/// the account's address — and `/signin/link/confirm`, where the link leads.
///
/// The request is answered as the forgot-password page answers: recorded durably whatever the
/// address (`recordResetRequest(kind: .signIn)`), the same page and the same work whether or not it
/// has an account, and the same limits (per client and per address); the code and its mail follow
/// on the pool, for an account only. The link shows a button (a GET never uses the code: mail
/// scanners open links); the button signs in, marks the address verified, and starts a session.
struct SignInLink: SiteFeature {
    let site: SiteServices
    let requests: ResetRequests

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        registerLinkRequest(
            .signInLinkRequest, at: .signInLink, .signIn, requests: requests, sentMessage: .signInLinkSentMessage, on: router, with: shared)
        // The code is in the URL: no page of these may send it on in a Referer header.
        let coded = router.group("", SecurityHeaders(noReferrer: true))
        coded.get(.signInLinkConfirm, use: showConfirm)
        coded.narrowed(by: FormParsing()).group("", shared.csrf(.either), shared.verifyPerClient.perClient())
            .post(.signInLinkConfirm, use: confirm)
    }

    /// The link's page: the address it signs in as, and a button; nothing is used up.
    func showConfirm(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        showLinkConfirmation(
            request, context, newLink: Self.newLink,
            page: (.signInLinkConfirmTitle, intro: .signInLinkConfirmIntro, action: .signInLinkConfirm, label: .signInSubmit)
        ) { code, core in
            core.inspectSignInLink(code: code).map(\.email)
        }
    }

    /// Uses the code: a new session for its account (the browser's previous one ends), the
    /// browser remembered for the account, and on to `/account` — after the second step, for an
    /// account that has one (the link proves the mailbox, not the phone).
    func confirm(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        let previous = context.sessionToken, userAgent = request.headers["user-agent"], binding = context.anonymousBinding
        return usingLinkCode(posted: true, request, context, newLink: Self.newLink, { code, core in
            core.signIn(withLinkCode: code, email: nil).flatMap { signIn in
                core.startSignIn(
                    for: signIn.account, firstFactor: "email_link", replacing: previous, binding: binding, userAgent: userAgent,
                    returnTo: SitePath.account.path)
            }
        }) { [self] _, start in
            signInStarted(start, to: SitePath.account.path, context: context)
        }
    }

    static let newLink: (text: PageKey, href: String) = (.linkRequestNewReset, SitePath.signInLink.path)
}
