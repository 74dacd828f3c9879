import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/account/email`: the current password and a new address; a link goes to the new address and
/// the change happens only when it is opened (`/account/email/confirm`). The old address then
/// gets a notice with a link that undoes the change within 3 days and ends every session
/// (`/account/email/recover`), as Firebase's verifyBeforeUpdateEmail and recoverEmail do.
struct EmailSettings: SiteFeature {
    let site: SiteServices
    /// `--private-signup`: an address in use by another account gets the same answer as a free one.
    let isPrivate: Bool

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        registerSensitiveForm(.emailChange, at: .accountEmail, as: EmailValues.self, on: router, with: shared, submit: request)
        let coded = router.group("", SecurityHeaders(noReferrer: true))
        coded.get(.accountEmailConfirm, use: showConfirm)
        let posts = coded.narrowed(by: FormParsing()).group("", shared.csrf(.either), shared.verifyPerClient.perClient())
        posts.post(.accountEmailConfirm, use: confirm)
        coded.get(.accountEmailRecover, use: showRecover)
        posts.post(.accountEmailRecover, use: recover)
    }

    func request(_ request: HTTPRequest, _ context: FormContext<SignedInContext, EmailValues>) -> Reply {
        let signedIn = context.signedIn, newEmail = context.values.email
        let locale = context.locale, isPrivate = self.isPrivate
        return provingOwner(signedIn, of: .emailChange, request, context, { proven, core in
            core.requestEmailChange(proven.requester, newEmail: newEmail, locale: locale, privately: isPrivate)
        }) { [forms] requested in
            switch requested {
            case .addressInUse where !isPrivate:
                return forms.reauthenticationFailed(.emailChange, .emailAlreadyInUse, request: request, context: context)
            case .sent, .addressInUse:
                return .response(
                    forms.mailSent(
                        .emailChangeSentTitle, .emailChangeSentMessage, email: newEmail, back: (.accountBack, .account), context: context))
            case .unchanged:
                return .response(Responses.redirect(.account, context: context))
            }
        }
    }

    // MARK: The link to the new address

    func showConfirm(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        showLinkConfirmation(
            request, context, newLink: Self.newLink,
            page: (
                .emailChangeConfirmTitle, intro: .emailChangeConfirmIntro, action: .accountEmailConfirm, label: .emailChangeConfirmSubmit
            ),
            refused: failed(request, context)
        ) { code, core in
            core.inspectEmailChange(code: code).map(\.email)
        }
    }

    func confirm(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        let locale = context.locale
        return usingLinkCode(posted: true, request, context, newLink: Self.newLink, { code, core in
            core.confirmEmailChange(code: code, locale: locale)
        }, refused: failed(request, context)) { [self] _, account in
            .response(done(.emailChangeDoneMessage, email: account.email, context: context))
        }
    }

    // MARK: The link to the old address

    func showRecover(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        showLinkConfirmation(
            request, context, newLink: Self.newLink,
            page: (.emailRecoverTitle, intro: .emailRecoverIntro, action: .accountEmailRecover, label: .emailRecoverSubmit),
            refused: failed(request, context)
        ) { code, core in
            core.inspectEmailRecovery(code: code).map(\.email)
        }
    }

    func recover(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        usingLinkCode(posted: true, request, context, newLink: Self.newLink, { code, core in
            core.recoverEmail(code: code)
        }, refused: failed(request, context)) { [forms] _, account in
            // Every session ended, this browser's too.
            var signedOut = context
            signedOut.site.hasStaleSessionCookie = context.sessionToken != nil
            let texts = forms.texts, locale = context.locale
            let page = MessagePage(
                title: texts.text(.emailRecoverTitle, locale),
                paragraphs: [texts.text(.emailRecoverDoneMessage, locale, ["email": account.email])],
                links: [(texts.text(.linkRequestNewReset, locale), SitePath.passwordForgot.path), (texts.text(.backToSignIn, locale), SitePath.signIn.path)])
            return .response(forms.message(page, context: signedOut))
        }
    }

    // MARK: Shared

    private func done(_ key: PageKey, email: String, context: some SiteRequestContext) -> HTTPResponse {
        let texts = forms.texts, locale = context.locale
        let page = MessagePage(
            title: texts.text(.emailChangeConfirmTitle, locale), paragraphs: [texts.text(key, locale, ["email": email])],
            links: [(texts.text(.verifyContinue, locale), SitePath.account.path)])
        return forms.message(page, context: context)
    }

    /// A refused link: as every refused link, unless the address was taken by another account in
    /// the meantime.
    private func failed(_ request: HTTPRequest, _ context: some SiteRequestContext) -> @Sendable (AuthFailure) -> Reply {
        { [self] failure in failed(failure, request: request, context: context) }
    }

    private func failed(_ failure: AuthFailure, request: HTTPRequest, context: some SiteRequestContext) -> Reply {
        switch failure {
        case .internalError, .invalidActionCode, .expiredActionCode:
            return linkRefused(failure, next: Self.newLink, request, context)
        default:
            // The address was taken by another account in the meantime: the change cannot happen.
            let texts = forms.texts, locale = context.locale
            let page = MessagePage(
                title: texts.text(.linkInvalidTitle, locale), paragraphs: [texts.message(for: failure.code, locale: locale)],
                links: [(texts.text(.accountChangeEmail, locale), SitePath.accountEmail.path)])
            return .response(forms.message(page, context: context, status: 409))
        }
    }

    /// Where a link that cannot be used leads: the form, for a new one.
    static let newLink: (text: PageKey, href: String) = (.accountChangeEmail, SitePath.accountEmail.path)
}
