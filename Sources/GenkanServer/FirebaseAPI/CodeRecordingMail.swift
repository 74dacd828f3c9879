import GenkanStore

/// The site's mails, with every code they carry recorded in the emulator's list
/// (`GET /emulator/v1/projects/{id}/oobCodes`), whichever door asked for it, as the Auth emulator
/// lists every code it sent.
struct CodeRecordingMail: AccountMail {
    let base: SiteMail
    let log: OOBCodeLog

    private func record(_ email: String, _ code: String, _ purpose: ActionCodePurpose) {
        log.record(
            OOBCodeLog.Entry(
                email: email, code: code, link: base.link(FirebaseAPI.pagePath(purpose) + "?code=" + code),
                requestType: FirebaseAPI.requestType(purpose)))
    }

    func verification(to account: Account, code: String, locale: String) -> OutgoingMail? {
        record(account.email, code, .verifyEmail)
        return base.verification(to: account, code: code, locale: locale)
    }

    func passwordReset(to account: Account, code: String, locale: String) -> OutgoingMail? {
        record(account.email, code, .resetPassword)
        return base.passwordReset(to: account, code: code, locale: locale)
    }

    func emailChange(to account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        record(account.email, code, .changeEmail)
        return base.emailChange(to: account, newEmail: newEmail, code: code, locale: locale)
    }

    func emailChanged(to oldEmail: String, account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        record(oldEmail, code, .recoverEmail)
        return base.emailChanged(to: oldEmail, account: account, newEmail: newEmail, code: code, locale: locale)
    }

    func passwordChanged(to account: Account, locale: String) -> OutgoingMail? { base.passwordChanged(to: account, locale: locale) }
    func goodbye(to account: Account, locale: String) -> OutgoingMail? { base.goodbye(to: account, locale: locale) }
    func signUpAttempt(to owner: Account, locale: String) -> OutgoingMail? { base.signUpAttempt(to: owner, locale: locale) }
    func emailChangeAttempt(to owner: Account, locale: String) -> OutgoingMail? { base.emailChangeAttempt(to: owner, locale: locale) }
    func signInMethodChanged(to account: Account, provider: String, connected: Bool, locale: String) -> OutgoingMail? {
        base.signInMethodChanged(to: account, provider: provider, connected: connected, locale: locale)
    }
    func passkeyChanged(to account: Account, name: String, added: Bool, locale: String) -> OutgoingMail? {
        base.passkeyChanged(to: account, name: name, added: added, locale: locale)
    }
    func passwordRemoved(to account: Account, locale: String) -> OutgoingMail? { base.passwordRemoved(to: account, locale: locale) }
}
