import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/account/delete`, the seeds' withdrawal (退会): what will be deleted, the current password and
/// a box to tick; the account, its sessions, codes and unsent mail go in one transaction, a
/// goodbye mail is sent, and the browser lands on sign-in with a notice. The address can sign
/// up again afterwards.
struct AccountDeletion: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        registerSensitiveForm(.accountDeletion, at: .accountDelete, as: NoValues.self, on: router, with: shared, submit: delete)
    }

    func delete(_ request: HTTPRequest, _ context: FormContext<SignedInContext, NoValues>) -> Reply {
        let signedIn = context.signedIn
        let locale = context.locale
        return provingOwner(signedIn, of: .accountDeletion, request, context, { proven, core in
            core.deleteAccount(proven.requester, locale: locale)
        }) { _ in
            let cookies = [
                context.deletingCookie(.session),
                Notice.accountDeleted.cookie(context),
            ]
            return .response(Responses.redirect(.signIn, context: context, cookies: cookies))
        }
    }
}
