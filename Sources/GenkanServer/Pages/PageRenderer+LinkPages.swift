import GenkanHTTP
import GenkanLocalization
import GenkanStore

extension FormPages {
    /// The page for a reset or verification link that cannot be used: why (the Firebase message
    /// for an invalid or expired code), and the way to a new link.
    func linkInvalid(
        _ failure: AuthFailure, context: some SiteRequestContext, next: (text: PageKey, href: String)
    ) -> HTTPResponse {
        switch failure {
        case .refusedByHook, .hookUnavailable:
            // The link was right (and is unused): the operator's hook said no to this sign-in.
            let page = MessagePage(
                title: texts.text(.signInTitle, context.locale), paragraphs: [texts.message(for: failure, locale: context.locale)],
                links: [(texts.text(next.text, context.locale), next.href)])
            return message(page, context: context, status: failure == .hookUnavailable ? 503 : 403)
        default:
            break
        }
        let code: AuthErrorCode = failure == .expiredActionCode ? .expiredActionCode : .invalidActionCode
        let page = MessagePage(
            title: texts.text(.linkInvalidTitle, context.locale), paragraphs: [texts.message(for: code, locale: context.locale)],
            links: [(texts.text(next.text, context.locale), next.href)])
        return message(page, context: context, status: 400)
    }
}
