import GenkanHTTP
import GenkanStore

/// A one-time notice the next page shows after a redirect ("your password has been changed"):
/// its name travels in a short-lived cookie, which the page showing it deletes. Only these names
/// (and, for a count, digits) are read, so no other site can put words on Genkan's pages.
enum Notice: Sendable, Equatable {
    case passwordChanged
    case verificationSent
    case nameUpdated
    case accountDeleted
    case sessionEnded
    /// How many other sessions "sign out everywhere else" ended.
    case otherSessionsEnded(Int)
    case providerConnected
    case providerDisconnected
    case passkeyAdded
    case passkeyRenamed
    case passkeyRemoved
    case passwordRemoved
    /// The activity page's "this wasn't me" signed the account out everywhere.
    case signedOutEverywhere
    /// What a console action did, by the event it recorded.
    case console(AccountEventType)
    case twoFactorRemoved
    /// The sign-in's second step ended (expired, used up by wrong codes, another browser's):
    /// sign in again.
    case secondStepEnded

    init?(cookieValue value: String) {
        switch value {
        case "password-changed": self = .passwordChanged
        case "verification-sent": self = .verificationSent
        case "name-updated": self = .nameUpdated
        case "account-deleted": self = .accountDeleted
        case "session-ended": self = .sessionEnded
        case "provider-connected": self = .providerConnected
        case "provider-disconnected": self = .providerDisconnected
        case "passkey-added": self = .passkeyAdded
        case "passkey-renamed": self = .passkeyRenamed
        case "passkey-removed": self = .passkeyRemoved
        case "password-removed": self = .passwordRemoved
        case "signed-out-everywhere": self = .signedOutEverywhere
        case "two-factor-removed": self = .twoFactorRemoved
        case "second-step-ended": self = .secondStepEnded
        default:
            if value.hasPrefix("console-"), let type = AccountEventType(rawValue: String(value.dropFirst("console-".count))) {
                self = .console(type)
                return
            }
            guard value.hasPrefix("sessions-ended-"), let count = Int(value.dropFirst("sessions-ended-".count)),
                (0...100_000).contains(count)
            else { return nil }
            self = .otherSessionsEnded(count)
        }
    }

    var cookieValue: String {
        switch self {
        case .passwordChanged: "password-changed"
        case .verificationSent: "verification-sent"
        case .nameUpdated: "name-updated"
        case .accountDeleted: "account-deleted"
        case .sessionEnded: "session-ended"
        case .otherSessionsEnded(let count): "sessions-ended-\(count)"
        case .providerConnected: "provider-connected"
        case .providerDisconnected: "provider-disconnected"
        case .passkeyAdded: "passkey-added"
        case .passkeyRenamed: "passkey-renamed"
        case .passkeyRemoved: "passkey-removed"
        case .passwordRemoved: "password-removed"
        case .signedOutEverywhere: "signed-out-everywhere"
        case .console(let type): "console-" + type.rawValue
        case .twoFactorRemoved: "two-factor-removed"
        case .secondStepEnded: "second-step-ended"
        }
    }

    /// The cookie that carries the notice to the next page (a minute is plenty for a redirect).
    func cookie(_ context: some SiteRequestContext) -> SetCookie {
        context.setCookie(.notice, cookieValue, maxAge: 60)
    }

    /// The text, for the signed-in account it is about, if any.
    func text(_ texts: PageTexts, account: Account?, locale: String) -> String {
        switch self {
        case .passwordChanged: texts.text(.noticePasswordChanged, locale)
        case .verificationSent: texts.text(.verifyResent, locale, ["email": account?.email ?? ""])
        case .nameUpdated: texts.text(.noticeNameUpdated, locale)
        case .accountDeleted: texts.text(.noticeAccountDeleted, locale)
        case .sessionEnded: texts.text(.noticeSessionEnded, locale)
        case .otherSessionsEnded(0): texts.text(.noticeNoOtherSessions, locale)
        case .otherSessionsEnded(let count): texts.text(.noticeSessionsEnded, locale, ["count": count])
        case .providerConnected: texts.text(.noticeProviderConnected, locale)
        case .providerDisconnected: texts.text(.noticeProviderDisconnected, locale)
        case .passkeyAdded: texts.text(.noticePasskeyAdded, locale)
        case .passkeyRenamed: texts.text(.noticePasskeyRenamed, locale)
        case .passkeyRemoved: texts.text(.noticePasskeyRemoved, locale)
        case .passwordRemoved: texts.text(.noticePasswordRemoved, locale)
        case .signedOutEverywhere: texts.text(.activityNoticeSignedOut, locale)
        case .console(let type): texts.text(PageRenderer.eventKey(type), locale)
        case .twoFactorRemoved: texts.text(.noticeTwoFactorRemoved, locale)
        case .secondStepEnded: texts.message(for: AuthErrorCode.invalidMultiFactorSession, locale: locale)
        }
    }
}

extension SiteRequestContext {
    /// The notice waiting in this request's cookie, if any.
    var notice: Notice? { cookie(.notice).flatMap(Notice.init(cookieValue:)) }

    /// The cookie that removes the notice once a page showed it.
    var noticeShown: [SetCookie] {
        notice == nil ? [] : [deletingCookie(.notice)]
    }
}
