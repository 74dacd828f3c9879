import GenkanHTTP
import GenkanStore

/// `/account/name`: a new display name under the sign-up form's rules; back on `/account` with
/// "your name was updated" (the seeds' 「更新しました」).
struct NameSettings: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        router.group("", shared.signedInPages).get(.accountName, form: .nameChange, use: show)
        router.group("", shared.signedInPages + [FormParsing(), shared.csrf(.session), shared.validating])
            .post(.accountName, form: .nameChange, use: save)
    }

    func show(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        guard let account = context.signedIn?.account else { return context.refuse(.signInRequired(returnTo: nil), request) }
        return .response(forms.blank(.nameChange, context: context, values: [.name: account.displayName]))
    }

    func save(_ request: HTTPRequest, _ context: SiteContext) -> Reply {
        guard let signedIn = context.signedIn, let name = context.validation?.normalizedName,
            let key = context.validation?.nameComparisonKey
        else { return context.refuse(.status(.internalError), request) }
        let authenticator = self.authenticator, requester = Requester.session(token: signedIn.token)
        return pool.reply(.interactive, { store in authenticator.rename(requester, displayName: name, nameKey: key, in: store) }) {
            [self] result in
            switch result {
            case .success:
                return .response(
                    Responses.redirect(.account, context: context, cookies: [Notice.nameUpdated.cookie(context)]))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return forms.reauthenticationFailed(.nameChange, failure, request: request, context: context)
            }
        }
    }
}
