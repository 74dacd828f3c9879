import GenkanHTTP
import GenkanStore

/// `/account/name`: a new display name under the sign-up form's rules; back on `/account` with
/// "your name was updated" (the seeds' 「更新しました」).
struct NameSettings: SiteFeature {
    let site: SiteServices

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.signedIn(router.group()).get(.accountName, form: .nameChange, use: show)
        shared.signedInForm(.nameChange, as: NameValues.self, on: router.group()).post(.accountName, use: save)
    }

    func show(_ request: HTTPRequest, _ context: SignedInContext) -> Reply {
        .response(forms.blank(.nameChange, context: context, values: [.name: context.signedIn.account.displayName]))
    }

    func save(_ request: HTTPRequest, _ context: FormContext<SignedInContext, NameValues>) -> Reply {
        let signedIn = context.signedIn, name = context.values.name, key = context.values.key
        let requester = Requester.session(token: signedIn.token)
        return pool.reply(.interactive, for: request, context, { core in core.rename(requester, displayName: name, nameKey: key) }) {
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
