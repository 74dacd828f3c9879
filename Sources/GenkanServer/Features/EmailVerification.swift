import GenkanHTTP
import GenkanStore

/// `/verify-email`: the link from the mail shows a button (a GET never uses the code, so a mail
/// scanner that opens links verifies nothing), the button verifies; "send the link again"; and,
/// with `--require-verified`, the page an unverified account is kept on.
struct EmailVerification: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        let coded = router.group("", SecurityHeaders(noReferrer: true))
        coded.get(.verifyEmail, use: show)
        coded.narrowed(by: FormParsing()).group("", shared.csrf(.either), shared.verifyPerClient.perClient()).post(.verifyEmail, use: verify)
        // An unverified account reaches these with `--require-verified` too: a session, no more.
        let signedIn = router.group().narrowed(by: shared.requiredSession)
        signedIn.get(.verifyEmailRequired, use: required)
        signedIn.narrowed(by: FormParsing()).group("", shared.csrf(.session), shared.perAccount(shared.mailPerAccount))
            .post(.verifyEmailResend, use: resend)
    }

    func show(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        usingLinkCode(posted: false, request, context, newLink: Self.newLink, { code, core in
            core.inspectEmailVerification(code: code)
        }) { [self] code, found in
            switch found {
            case .pending(let account):
                return .response(
                    forms.linkConfirmation(
                        .verifyTitle, intro: .verifyIntro, email: account.email, action: .verifyEmail, label: .verifySubmit, code: code,
                        context: context))
            case .verified(let account), .alreadyVerified(let account):
                return .response(done(account, already: true, context: context))
            }
        }
    }

    /// Verifies, signed in or not; a second use of a verified address is a friendly page.
    func verify(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        usingLinkCode(posted: true, request, context, newLink: Self.newLink, { code, core in
            core.verifyEmail(code: code)
        }) { [self] _, verified in
            switch verified {
            case .verified(let account), .pending(let account): return .response(done(account, already: false, context: context))
            case .alreadyVerified(let account): return .response(done(account, already: true, context: context))
            }
        }
    }

    private func done(_ account: Account, already: Bool, context: some SiteRequestContext) -> HTTPResponse {
        let texts = forms.texts, locale = context.locale
        let page = MessagePage(
            title: texts.text(.verifyDoneTitle, locale),
            paragraphs: [texts.text(already ? .verifyAlreadyMessage : .verifyDoneMessage, locale, ["email": account.email])],
            links: [(texts.text(.verifyContinue, locale), SitePath.account.path)])
        return forms.message(page, context: context)
    }

    /// The page an unverified account is kept on with `--require-verified`.
    func required(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        let account = context.signedIn.account
        if account.isVerified { return .response(Responses.redirect(.account, context: context)) }
        let texts = forms.texts, locale = context.locale
        let notice = context.notice
        let page = MessagePage(
            title: texts.text(.verifyRequiredTitle, locale),
            paragraphs: [texts.text(.verifyRequiredMessage, locale, ["email": account.email]), texts.text(.mailDelayHint, locale)],
            notice: notice?.text(texts, account: account, locale: locale),
            buttons: [
                MessagePage.Button(
                    action: SitePath.verifyEmailResend.path, label: texts.text(.verifyResend, locale),
                    hidden: [(FormDescription.returnField, SitePath.verifyEmailRequired.path)]),
                MessagePage.Button(action: SitePath.signOut.path, label: texts.text(.accountSignOut, locale), className: "secondary"),
            ])
        return .response(forms.message(page, context: context, binding: .session, cookies: context.noticeShown))
    }

    /// A new link for the signed-in account, then back where the button was, with a notice.
    func resend(_ request: HTTPRequest, _ context: PostedContext<SignedInContext>) -> Reply {
        let signedIn = context.signedIn
        let locale = context.locale
        let back = context.formData[FormDescription.returnField].flatMap(LocalPath.init)?.value ?? SitePath.account.path
        return pool.reply(.interactive, for: request, context, { core in
            core.sendVerification(.session(token: signedIn.token), locale: locale).map(\.sent)
        }) { [self] result in
            switch result {
            case .success(let sent):
                let cookies = sent ? [Notice.verificationSent.cookie(context)] : []
                return .response(Responses.redirect(back, context: context, cookies: cookies))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure:
                return .response(Responses.redirect(back, context: context))
            }
        }
    }

    static let newLink: (text: PageKey, href: String) = (.linkSignInForNewVerification, SitePath.account.path)
}
