import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/account/password`: the current password (checked as sign-in checks it, with its limits),
/// then a new one; every other session ends, this one is replaced by a new one, and a notice
/// goes by mail.
struct PasswordSettings: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        registerSensitiveForm(.passwordChange, at: .accountPassword, as: NewPasswordValues.self, on: router, with: shared, submit: change)
    }

    func change(_ request: HTTPRequest, _ context: FormContext<SignedInContext, NewPasswordValues>) -> Reply {
        let signedIn = context.signedIn, new = context.values.password
        let locale = context.locale, userAgent = request.headers["user-agent"]
        return provingOwner(signedIn, of: .passwordChange, request, context, { proven, core in
            core.changePassword(
                proven.requester, newPassword: new, locale: locale, renewal: .session(userAgent: userAgent))
        }) { [self] changed in
            guard let token = changed.sessionToken else { return context.refuse(.status(.internalError), request) }
            return sessionStarted(token, account: changed.account, to: SitePath.account.path, notice: .passwordChanged, context: context)
        }
    }
}
