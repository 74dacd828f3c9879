import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `/signup`: the form, and creating an account with its verification mail. With
/// `--private-signup`, every valid sign-up gets the same "check your e-mail" page in the same
/// time, and the owner of an address in use is told by mail instead of the visitor.
struct SignUp: SiteFeature {
    let site: SiteServices
    let sessions: SessionStart
    let isPrivate: Bool

    /// GET shows the form (or sends a signed-in visitor on); a valid POST is rate-limited per
    /// client (and, when private, per address, since each may mail its owner) before the
    /// password is hashed.
    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        shared.visitor(router.group()).get(.signUp, form: .signUp, use: show)
        let form = shared.anonymousForm(.signUp, as: SignUpValues.self, on: router.group())
        var limits: [any Middleware<Posted, Posted>] = [shared.signUpPerClient.perClient()]
        if isPrivate { limits.append(shared.perEmail(shared.signUpPerAccount)) }
        form.group("", limits).post(.signUp, use: submit)
    }

    typealias Posted = FormContext<SiteContext, SignUpValues>

    func show(_ request: HTTPRequest, _ context: SessionContext) -> Reply {
        if context.signedIn != nil { return .response(Responses.redirect(.account, context: context)) }
        return .response(forms.blank(.signUp, context: context))
    }

    func submit(_ request: HTTPRequest, _ context: Posted) -> Reply {
        let email = context.values.email, name = context.values.name.name, nameKey = context.values.name.key
        let password = context.values.password
        let locale = context.locale
        if isPrivate {
            return submitPrivately(
                NewAccountRequest(email: email, name: name, nameKey: nameKey, password: password), request: request,
                context: context)
        }
        return sessions.start(
            .signUp, request: request, context: context, values: FormDescription.signUp.keptValues(context.formData),
            destination: SitePath.account.path
        ) { core in
            let result = core.signUp(
                email: email, displayName: name, nameKey: nameKey, password: password, locale: locale).created
            return result
        }
    }

    private struct NewAccountRequest: Sendable {
        let email: String, name: String, nameKey: String, password: String
    }

    /// Hashes in every case, then creates the account or mails the address's owner; the page is
    /// the same either way and signs no one in (the new account signs in after verifying).
    private func submitPrivately(_ new: NewAccountRequest, request: HTTPRequest, context: Posted) -> Reply {
        let locale = context.locale
        return pool.hashing(request, context, { core in
            core.signUp(
                email: new.email, displayName: new.name, nameKey: new.nameKey, password: new.password, locale: locale,
                privately: true)
        }) { [self] result in
            switch result {
            case .success, .failure(.emailAlreadyInUse):
                return .response(
                    forms.mailSent(
                        .signUpCheckEmailTitle, .signUpCheckEmailMessage, email: new.email, back: (.backToSignIn, .signIn),
                        context: context))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(let failure):
                return .response(
                    forms.page(
                        .signUp, context: context, status: 422, values: FormDescription.signUp.keptValues(context.formData),
                        errors: [forms.error(failure, locale: locale)]))
            }
        }
    }
}
