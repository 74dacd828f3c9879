import GenkanHTTP
import GenkanStore
import GenkanValidation

/// The flows of the features whose mail carries a link with a one-time code (a reset, a sign-in
/// link, a verification, an address change): the request answered the same whatever the address,
/// the link's page that only shows a button (a GET never uses the code: mail scanners open
/// links), and the page of a link that cannot be used.
extension SiteFeature {
    /// A link's code: from the page's address (`?code=`) on the GET, from the form its button
    /// posts otherwise; the link's invalid page, leading to `next`, when there is none of a
    /// code's shape.
    func withLinkCode(
        posted: Bool, _ request: HTTPRequest, _ context: some SiteRequestContext, next: (text: PageKey, href: String), _ body: (String) -> Reply
    ) -> Reply {
        let form = posted ? context.posted : request.query.isEmpty ? nil : try? FormData(query: request.query)
        guard let code = form?[FormDescription.codeField], Secret.isTokenShaped(code) else {
            return .response(forms.linkInvalid(.invalidActionCode, context: context, next: next))
        }
        return body(code)
    }

    /// A link's code used on the pool: `use` inspects it for the GET's page or spends it for the
    /// POST its button makes, then `next` has what it gave, on the loop. A code not of a code's
    /// shape, or refused, is `linkRefused` (unless `refused` answers otherwise).
    func usingLinkCode<T: Sendable>(
        posted: Bool, _ request: HTTPRequest, _ context: some SiteRequestContext, newLink: (text: PageKey, href: String),
        _ use: @escaping @Sendable (_ code: String, Authenticator) -> Result<T, AuthFailure>,
        refused: (@Sendable (AuthFailure) -> Reply)? = nil, then next: @escaping @Sendable (_ code: String, T) -> Reply
    ) -> Reply {
        withLinkCode(posted: posted, request, context, next: newLink) { code in
            pool.reply(.interactive, for: request, context, { core in use(code, core) }) { [self] result in
                switch result {
                case .success(let value): return next(code, value)
                case .failure(let failure): return refused?(failure) ?? linkRefused(failure, next: newLink, request, context)
                }
            }
        }
    }

    /// A link's GET page: the code inspected on the pool (`inspect` gives the address the link
    /// acts on; nothing is used up), then the page with its one button (`linkConfirmation`).
    func showLinkConfirmation(
        _ request: HTTPRequest, _ context: some SiteRequestContext, newLink: (text: PageKey, href: String),
        page: (title: PageKey, intro: PageKey, action: SitePath, label: PageKey), refused: (@Sendable (AuthFailure) -> Reply)? = nil,
        _ inspect: @escaping @Sendable (_ code: String, Authenticator) -> Result<String, AuthFailure>
    ) -> Reply {
        let forms = self.forms
        return usingLinkCode(posted: false, request, context, newLink: newLink, inspect, refused: refused) { code, email in
            .response(
                forms.linkConfirmation(
                    page.title, intro: page.intro, email: email, action: page.action, label: page.label, code: code, context: context))
        }
    }

    /// A link's operation refused: a store failure as every one is, else why the link cannot be
    /// used and the way to a new one.
    func linkRefused(_ failure: AuthFailure, next: (text: PageKey, href: String), _ request: HTTPRequest, _ context: some SiteRequestContext)
        -> Reply
    {
        if case .internalError(let error) = failure { return failures.refuse(error, request: request, context: context) }
        return .response(forms.linkInvalid(failure, context: context, next: next))
    }

    /// A form that asks for a mailed link (`form`, at `path`): the blank form, and its POST, behind
    /// the reset limits (per client and per address), answered by `recordLinkRequest`.
    func registerLinkRequest(
        _ form: FormDescription, at path: SitePath, _ kind: ResetRequest.Kind, requests: ResetRequests, sentMessage: PageKey,
        on router: Router<SiteContext>, with shared: SharedMiddleware
    ) {
        let forms = self.forms
        router.get(path, form: form, use: { _, context in .response(forms.blank(form, context: context)) })
        shared.anonymousForm(form, as: EmailValues.self, on: router.group())
            .group("", shared.resetPerClient.perClient(), shared.perEmail(shared.resetPerAccount))
            .post(path) { request, context in
                recordLinkRequest(kind, requests: requests, sentMessage: sentMessage, request, context)
            }
    }

    /// Records a request for a mailed link durably, whatever the address, and answers once it is
    /// committed: the same work and the same page whether or not the address has an account, and
    /// a crash after the answer loses nothing. The code and the mail are made afterwards
    /// (`ResetRequests`).
    func recordLinkRequest(
        _ kind: ResetRequest.Kind, requests: ResetRequests, sentMessage: PageKey, _ request: HTTPRequest,
        _ context: FormContext<SiteContext, EmailValues>
    ) -> Reply {
        let email = context.values.email
        let locale = context.locale, forms = self.forms
        return fromStore(request, context, { core throws(StoreError) in
            try core.recordResetRequest(email: email, locale: locale, kind: kind)
        }) { _ in
            requests.process()
            return .response(forms.mailSent(.forgotSentTitle, sentMessage, email: email, back: (.backToSignIn, .signIn), context: context))
        }
    }
}

extension FormPages {
    /// "Check your e-mail": what was sent to `email`, that mail can take a while, and the way back.
    func mailSent(_ title: PageKey, _ message: PageKey, email: String, back: (text: PageKey, page: SitePath), context: some SiteRequestContext)
        -> HTTPResponse
    {
        let locale = context.locale
        let page = MessagePage(
            title: texts.text(title, locale),
            paragraphs: [texts.text(message, locale, ["email": email]), texts.text(.mailDelayHint, locale)],
            links: [(texts.text(back.text, locale), back.page.path)])
        return self.message(page, context: context)
    }

    /// A link's page before it does anything: what it will do for `email`, and one button that
    /// posts the code to `action` (the code also kept when the language is switched).
    func linkConfirmation(
        _ title: PageKey, intro: PageKey, email: String, action: SitePath, label: PageKey, code: String, context: some SiteRequestContext
    ) -> HTTPResponse {
        let locale = context.locale
        let page = MessagePage(
            title: texts.text(title, locale), paragraphs: [texts.text(intro, locale, ["email": email])],
            buttons: [
                MessagePage.Button(action: action.path, label: texts.text(label, locale), hidden: [(FormDescription.codeField, code)])
            ],
            keeping: [(FormDescription.codeField, code)])
        return message(page, context: context, binding: .either)
    }
}
