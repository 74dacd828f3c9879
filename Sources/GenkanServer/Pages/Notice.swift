import GenkanStore

/// A one-time notice the next page shows after a redirect ("your password has been changed"):
/// its name travels in a short-lived cookie, which the page showing it deletes. Only these
/// names are read, so no other site can put words on Genkan's pages.
enum Notice: String, CaseIterable, Sendable {
    case passwordChanged = "password-changed"
    case verificationSent = "verification-sent"

    static let cookie = "genkan_notice"

    /// The cookie that carries the notice to the next page (a minute is plenty for a redirect).
    func cookie(secure: Bool) -> SetCookie {
        SetCookie(name: Self.cookie, value: rawValue, maxAge: 60, secure: secure)
    }

    /// The text, for the signed-in account it is about.
    func text(_ texts: PageTexts, account: Account, locale: String) -> String {
        switch self {
        case .passwordChanged: texts.text(.noticePasswordChanged, locale)
        case .verificationSent: texts.text(.verifyResent, locale, ["email": account.email])
        }
    }
}

extension RequestContext {
    /// The notice waiting in this request's cookie, if any.
    var notice: Notice? { cookies[Notice.cookie].flatMap(Notice.init(rawValue:)) }
}
