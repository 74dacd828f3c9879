import Foundation
import GenkanHTTP
import GenkanMail
import GenkanStore
import GenkanValidation

/// The mails the site sends, composed in the reader's language from the catalog and made into
/// complete messages for the outbox. Links start at the configured base URL, never at the
/// request's `Host`, and never carry the e-mail address.
struct SiteMail: AccountMail {
    let texts: PageTexts
    let rules: ValidationViewModel
    let sender: MailAddress
    let baseURL: BaseURL
    let codes: ActionCodePolicy
    /// The configured providers' names as people know them (`google` → Google), for the notices
    /// about sign-in methods.
    var providerNames: [String: String] = [:]

    /// The site's absolute URL for `path` (which starts with `/`).
    func link(_ path: String) -> String { baseURL.value + path }

    /// The site's absolute URL for one of its pages.
    func link(_ page: SitePath) -> String { link(page.path) }

    /// The site's absolute URL for a page that uses a one-time code (`/password/reset?code=…`).
    func link(_ page: SitePath, code: String) -> String { link(page.with(FormDescription.codeField, code)) }

    func verification(to account: Account, code: String, locale: String) -> OutgoingMail? {
        let content = compose(locale, subject: .verifySubject, name: account.displayName, parts: [
            .paragraph(text(.verifyIntro, locale)),
            .action(label: text(.verifyAction, locale), url: link(.verifyEmail, code: code)),
            .paragraph(expiry(codes.lifetime(of: .verifyEmail), locale)),
            .paragraph(text(.verifyIgnore, locale)),
        ])
        return outgoing(content, to: account.email, locale: locale)
    }

    func passwordReset(to account: Account, code: String, locale: String) -> OutgoingMail? {
        let content = compose(locale, subject: .resetSubject, name: account.displayName, parts: [
            .paragraph(text(.resetIntro, locale)),
            .action(label: text(.resetAction, locale), url: link(.passwordReset, code: code)),
            .paragraph(expiry(codes.lifetime(of: .resetPassword), locale) + separator(locale) + text(.singleUse, locale)),
            .paragraph(text(.resetIgnore, locale)),
        ])
        return outgoing(content, to: account.email, locale: locale)
    }

    /// After a password change or reset: the device it was made on stays signed in, the others
    /// were signed out.
    func passwordChanged(to account: Account, locale: String) -> OutgoingMail? {
        let content = compose(locale, subject: .passwordChangedSubject, name: account.displayName, parts: [
            .paragraph(text(.passwordChangedBodyKept, locale)),
            .paragraph(text(.passwordChangedNotYou, locale)),
            .action(label: text(.passwordChangedAction, locale), url: link(SitePath.passwordForgot.path)),
        ])
        return outgoing(content, to: account.email, locale: locale)
    }

    /// To the NEW address: the link that makes the change.
    func emailChange(to account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        let content = compose(locale, subject: .emailChangeSubject, name: account.displayName, parts: [
            .paragraph(text(.emailChangeIntro, locale)),
            .action(label: text(.emailChangeAction, locale), url: link(.accountEmailConfirm, code: code)),
            .paragraph(expiry(codes.lifetime(of: .changeEmail), locale)),
            .paragraph(text(.emailChangeIgnore, locale)),
        ])
        return outgoing(content, to: newEmail, locale: locale)
    }

    /// To the OLD address once the change happened: what changed, and the link that undoes it.
    func emailChanged(to oldEmail: String, account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        let content = compose(locale, subject: .emailChangedSubject, name: account.displayName, parts: [
            .paragraph(text(.emailChangedBody, locale, ["email": newEmail])),
            .paragraph(text(.emailChangedNotYou, locale)),
            .action(label: text(.emailChangedAction, locale), url: link(.accountEmailRecover, code: code)),
            .paragraph(expiry(codes.lifetime(of: .changeEmail), locale)),
        ])
        return outgoing(content, to: oldEmail, locale: locale)
    }

    /// After the account was deleted, to the address it had; no footer (there is no account).
    func goodbye(to account: Account, locale: String) -> OutgoingMail? {
        let content = MailContent(
            subject: text(.goodbyeSubject, locale), greeting: greeting(account.displayName, locale),
            parts: [
                .paragraph(text(.goodbyeBody, locale, ["site": texts.text(.siteName, locale)])),
                .paragraph(text(.goodbyeAgain, locale)),
            ], footer: nil)
        return outgoing(content, to: account.email, locale: locale)
    }

    /// To the owner of an address someone tried to sign up with (`--private-signup`).
    func signUpAttempt(to account: Account, locale: String) -> OutgoingMail? {
        attempt(.signUpAttemptSubject, .signUpAttemptBody, to: account, locale: locale)
    }

    /// To the owner of an address another account tried to move to (`--private-signup`).
    func emailChangeAttempt(to owner: Account, locale: String) -> OutgoingMail? {
        attempt(.emailChangeAttemptSubject, .emailChangeAttemptBody, to: owner, locale: locale)
    }

    /// What another account's attempt on `owner`'s address tells the owner: what happened, the
    /// ways in if it was them, and that nothing changed otherwise.
    private func attempt(_ subject: MailKey, _ body: MailKey, to owner: Account, locale: String) -> OutgoingMail? {
        let content = compose(locale, subject: subject, name: owner.displayName, parts: [
            .paragraph(text(body, locale)),
            .paragraph(text(.signUpAttemptIfYou, locale)),
            .action(label: text(.signUpAttemptSignInAction, locale), url: link(SitePath.signIn.path)),
            .action(label: text(.signUpAttemptResetAction, locale), url: link(SitePath.passwordForgot.path)),
            .paragraph(text(.signUpAttemptIgnore, locale)),
        ])
        return outgoing(content, to: owner.email, locale: locale)
    }

    /// A provider was connected to the account or removed from it.
    func signInMethodChanged(to account: Account, provider: String, connected: Bool, locale: String) -> OutgoingMail? {
        // The password as a way in is named as the sign-in methods page names it.
        let name = provider == "password" ? texts.text(.providersPassword, locale) : providerNames[provider] ?? provider
        return methodChanged(
            connected ? .signInMethodConnectedSubject : .signInMethodRemovedSubject,
            text(connected ? .signInMethodConnectedBody : .signInMethodRemovedBody, locale, ["provider": name]),
            review: (.signInMethodReviewAction, .accountProviders), to: account, locale: locale)
    }

    /// A passkey was added to the account or removed from it.
    func passkeyChanged(to account: Account, name: String, added: Bool, locale: String) -> OutgoingMail? {
        methodChanged(
            added ? .passkeyAddedSubject : .passkeyRemovedSubject, text(added ? .passkeyAddedBody : .passkeyRemovedBody, locale, ["name": name]),
            review: (.passkeyReviewAction, .passkeys), to: account, locale: locale)
    }

    /// The password was removed: the account signs in with a passkey or a provider now.
    func passwordRemoved(to account: Account, locale: String) -> OutgoingMail? {
        methodChanged(
            .passwordRemovedSubject, text(.passwordRemovedBody, locale), review: (.passkeyReviewAction, .passkeys), to: account,
            locale: locale)
    }

    /// The account's second factor changed, or wrong codes filled its limit: what happened, then a
    /// new password (whoever typed the codes knew the old one) and the settings page.
    func secondFactorChanged(to account: Account, change: SecondFactorChange, locale: String) -> OutgoingMail? {
        let review = (label: MailKey.twoFactorReviewAction, page: SitePath.twoFactor)
        switch change {
        case .added:
            return methodChanged(.twoFactorAddedSubject, text(.twoFactorAddedBody, locale), review: review, to: account, locale: locale)
        case .removed:
            return methodChanged(.twoFactorRemovedSubject, text(.twoFactorRemovedBody, locale), review: review, to: account, locale: locale)
        case .newRecoveryCodes:
            return methodChanged(.recoveryCodesSubject, text(.recoveryCodesBody, locale), review: review, to: account, locale: locale)
        case .codesGuessed:
            // Not "if this was not you": it was not; the password is known to someone else.
            let content = compose(locale, subject: .codesGuessedSubject, name: account.displayName, parts: [
                .paragraph(text(.codesGuessedBody, locale)),
                .action(label: text(.passwordChangedAction, locale), url: link(SitePath.passwordForgot.path)),
                .action(label: text(review.label, locale), url: link(review.page)),
            ])
            return outgoing(content, to: account.email, locale: locale)
        }
    }

    /// A notice that a way to sign in to the account changed: what changed, then, in case it was
    /// not the owner, a new password and the page to review the ways in.
    private func methodChanged(
        _ subject: MailKey, _ body: String, review: (label: MailKey, page: SitePath), to account: Account, locale: String
    ) -> OutgoingMail? {
        let content = compose(locale, subject: subject, name: account.displayName, parts: [
            .paragraph(body),
            .paragraph(text(.signInMethodNotYou, locale)),
            .action(label: text(.passwordChangedAction, locale), url: link(SitePath.passwordForgot.path)),
            .action(label: text(review.label, locale), url: link(review.page)),
        ])
        return outgoing(content, to: account.email, locale: locale)
    }

    /// The link that signs in to the account of `email` (or makes it): to the site's page, or,
    /// for an app's request, through the action handler to the app's page.
    func signInLink(to email: String, owner: Account?, code: String, continuation: SignInLinkContinuation?, locale: String)
        -> OutgoingMail?
    {
        // An address without an account (an app asked; the link makes the account) is not told
        // it has one.
        let content = compose(
            locale, subject: .signInLinkSubject, name: owner?.displayName ?? "",
            parts: [
                .paragraph(text(.signInLinkIntro, locale)),
                .action(label: text(.signInLinkAction, locale), url: signInLinkURL(code: code, continuation: continuation, locale: locale)),
                .paragraph(expiry(codes.signIn, locale) + separator(locale) + text(.singleUse, locale)),
                .paragraph(text(.signInLinkIgnore, locale)),
            ], footer: owner == nil ? .footerRequest : .footer)
        return outgoing(content, to: email, locale: locale)
    }

    /// A sign-in link: the site's page for the code, or Firebase's action handler with the code,
    /// `mode=signIn`, the API key and the app's `continueUrl` (what the SDKs' `isSignInWithEmailLink`
    /// looks for once the handler has sent the browser on).
    func signInLinkURL(code: String, continuation: SignInLinkContinuation?, locale: String) -> String {
        guard let continuation else { return link(.signInLinkConfirm, code: code) }
        let parameters = [
            ("mode", "signIn"), ("oobCode", code), ("apiKey", continuation.apiKey), ("continueUrl", continuation.url), ("lang", locale),
        ]
        return link(FirebaseAPI.actionPath + "?" + parameters.map { $0.0 + "=" + FormData.percentEncoded($0.1) }.joined(separator: "&"))
    }

    // MARK: Composition

    private func text(_ key: MailKey, _ locale: String, _ parameters: IssueParameters = [:]) -> String {
        texts.model.text(key.rawValue, locale: locale, parameters)
    }

    private func compose(_ locale: String, subject: MailKey, name: String, parts: [MailContent.Part], footer: MailKey = .footer)
        -> MailContent
    {
        MailContent(
            subject: text(subject, locale), greeting: greeting(name, locale), parts: parts,
            footer: text(footer, locale, ["site": texts.text(.siteName, locale)]))
    }

    /// "Hello NAME,", or without a name "Hello,".
    private func greeting(_ name: String, _ locale: String) -> String {
        name.isEmpty ? text(.greetingUnnamed, locale) : text(.greeting, locale, ["name": name])
    }

    /// "The link works for 3 days." in whole days, or whole hours below a day.
    private func expiry(_ seconds: Int64, _ locale: String) -> String {
        seconds >= 86_400 && seconds % 86_400 == 0
            ? text(.expiryDays, locale, ["days": Int(seconds / 86_400)])
            : text(.expiryHours, locale, ["hours": Int(max(1, seconds / 3600))])
    }

    /// Chinese and Japanese put no space between sentences.
    private func separator(_ locale: String) -> String {
        locale.hasPrefix("ja") || locale.hasPrefix("zh") ? "" : " "
    }

    /// The complete message for the outbox, or nil when the address cannot be written in ASCII
    /// (a non-ASCII local part needs SMTPUTF8, which Genkan does not send): the request still
    /// succeeds, and the reason is in the log.
    private func outgoing(_ content: MailContent, to address: String, locale: String) -> OutgoingMail? {
        guard let ascii = rules.emailRule.validate(address).ascii, let recipient = try? MailAddress(ascii),
            let message = try? MailMessage(
                from: sender, to: [recipient], subject: content.subject, text: content.text(),
                html: content.html(locale: locale, direction: texts.direction(locale), linkFallback: text(.linkFallback, locale)))
        else { return nil }
        return OutgoingMail(sender: sender.address, recipient: recipient.address, message: message.bytes)
    }
}
