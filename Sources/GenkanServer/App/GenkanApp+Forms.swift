import GenkanStore
import GenkanValidation

extension GenkanApp {
    /// The form page with `issues` and `errors`, keeping what was typed except passwords.
    func formPage(
        _ kind: FormKind, visit: Visit, status: Int, values: [FormField: String], issues: [ValidationIssue] = [],
        errors: [PageError] = [], extra: HTTPHeaders = [:]
    ) -> HTTPResponse {
        let fieldErrors = issues.map { PageError(field: $0.field, message: texts.message(for: $0, locale: visit.locale)) }
        // Summary order: the fields' order on the page, then the form's own errors.
        let ordered = kind.fields.flatMap { field in (fieldErrors + errors).filter { $0.field == field } }
            + (fieldErrors + errors).filter { $0.field == nil || !kind.fields.contains($0.field!) }
        let state = FormState(values: values.filter { $0.key != .password && $0.key != .passwordConfirmation }, errors: ordered)
        let token = csrf.token(for: visit.anonymousBinding)
        return Responses.html(status, renderer.form(kind, locale: visit.locale, state: state, csrf: token), visit: visit, extra: extra)
    }

    /// Checks what every anonymous form post needs: form data (400) and a valid token (403).
    private func acceptAnonymousPost(_ visit: Visit, kind: FormKind) -> PostCheck {
        guard let parsed = postedForm(visit) else { return .rejected(errorPage(400, visit: visit)) }
        switch parsed {
        case .failure(.tooManyFields): return .rejected(errorPage(400, visit: visit))
        case .failure(.invalidEncoding):
            // The token cannot be trusted either, but the user can fix an encoding problem: show
            // the form again rather than an error page only when the token itself is intact.
            return .rejected(
                formPage(kind, visit: visit, status: 422, values: [:], issues: [ValidationIssue(.formInvalidEncoding)]))
        case .success(let form):
            guard !visit.isNewPreSession, hasValidToken(form, binding: visit.anonymousBinding) else {
                return .rejected(errorPage(403, visit: visit))
            }
            return .accepted(form)
        }
    }

    /// The message for an authentication failure, placed on the field it is about.
    func pageError(_ failure: AuthFailure, locale: String) -> PageError {
        let message = texts.message(forAuthCode: failure.webCode, locale: locale)
        return PageError(field: failure == .emailAlreadyInUse ? .email : nil, message: message)
    }

    /// A rate limit refusal: the form again, with `auth/too-many-requests` and `Retry-After`.
    private func tooManyRequests(_ kind: FormKind, visit: Visit, values: [FormField: String], retryAfter: Int) -> HTTPResponse {
        formPage(
            kind, visit: visit, status: 429, values: values, errors: [pageError(.tooManyRequests, locale: visit.locale)],
            extra: ["Retry-After": String(retryAfter)])
    }

    /// A form post that passed the checks, or the response that refuses it.
    enum PostCheck {
        case accepted(FormData)
        case rejected(HTTPResponse)
    }

    // MARK: Sign-in

    func signIn(_ visit: Visit) -> Reply {
        let form: FormData
        switch acceptAnonymousPost(visit, kind: .signIn) {
        case .rejected(let response): return .response(response)
        case .accepted(let accepted): form = accepted
        }
        let email = form["email"] ?? "", password = form["password"] ?? ""
        let values: [FormField: String] = [.email: email]
        let verdict = rules.validateSignIn(email: email, password: password)
        guard verdict.isValid else {
            return .response(formPage(.signIn, visit: visit, status: 422, values: values, issues: verdict.issues))
        }
        let now = Double(configuration.clock.now())
        for decision in [
            limits.signInPerAddress.attempt(visit.clientAddress, now: now),
            limits.signInPerAccount.attempt(verdict.email, now: now),
        ] where !decision.allowed {
            return .response(tooManyRequests(.signIn, visit: visit, values: values, retryAfter: decision.retryAfter))
        }
        let authenticator = self.authenticator
        return startSession(.signIn, visit: visit, values: values) { store in
            authenticator.signIn(email: verdict.email, password: verdict.password, in: store)
        }
    }

    // MARK: Sign-up

    func signUp(_ visit: Visit) -> Reply {
        let form: FormData
        switch acceptAnonymousPost(visit, kind: .signUp) {
        case .rejected(let response): return .response(response)
        case .accepted(let accepted): form = accepted
        }
        let name = form["name"] ?? "", email = form["email"] ?? ""
        let password = form["password"] ?? "", confirmation = form[FormField.passwordConfirmation.rawValue] ?? ""
        let values: [FormField: String] = [.name: name, .email: email]
        let verdict = rules.validateSignUp(name: name, email: email, password: password, confirmation: confirmation)
        guard verdict.isValid else {
            return .response(formPage(.signUp, visit: visit, status: 422, values: values, issues: verdict.issues))
        }
        let decision = limits.signUpPerAddress.attempt(visit.clientAddress, now: Double(configuration.clock.now()))
        guard decision.allowed else {
            return .response(tooManyRequests(.signUp, visit: visit, values: values, retryAfter: decision.retryAfter))
        }
        let authenticator = self.authenticator
        return startSession(.signUp, visit: visit, values: values) { store in
            authenticator.signUp(
                email: verdict.email, displayName: verdict.name, nameKey: verdict.nameKey, password: verdict.password,
                in: store)
        }
    }

    /// Runs `authenticate` on the hashing lane of the worker pool; when it yields an account, the
    /// visitor's session is replaced by a fresh one (a new id at every sign-in and sign-up, against
    /// session fixation) and the browser goes to the account page. A failure shows the form again.
    private func startSession(
        _ kind: FormKind, visit: Visit, values: [FormField: String],
        authenticate: @escaping @Sendable (AccountStore) -> Result<Account, AuthFailure>
    ) -> Reply {
        let previous = visit.sessionToken
        return pool.reply(.hashing, { store -> Result<String, AuthFailure> in
            switch authenticate(store) {
            case .failure(let failure): return .failure(failure)
            case .success(let account):
                do throws(StoreError) {
                    if let previous { try store.deleteSession(token: previous) }
                    return .success(try store.createSession(accountID: account.id).token)
                } catch {
                    return .failure(.internalError(error))
                }
            }
        }) { [self] outcome in
            switch outcome {
            case .success(let token):
                return Responses.redirect("/account", visit: visit, cookies: [sessionCookie(token, visit: visit)])
            case .failure(.internalError(let error)):
                return internalError(error, visit: visit)
            case .failure(let failure):
                return formPage(kind, visit: visit, status: 422, values: values, errors: [pageError(failure, locale: visit.locale)])
            }
        }
    }

    // MARK: Sign-out

    /// Ends the session on the server and in the browser; the token must be bound to the session.
    func signOut(_ visit: Visit) -> Reply {
        guard let parsed = postedForm(visit), case .success(let form) = parsed else {
            return .response(errorPage(400, visit: visit))
        }
        guard let token = visit.sessionToken else {
            return .response(Responses.redirect("/signin", visit: visit, cookies: [signedOutCookie(visit)]))
        }
        guard hasValidToken(form, binding: Visit.sessionBinding(token)) else {
            return .response(errorPage(403, visit: visit))
        }
        return pool.reply(.interactive, { store in Result { () throws(StoreError) in try store.deleteSession(token: token) } }) { [self]
            outcome in
            switch outcome {
            case .success: Responses.redirect("/signin", visit: visit, cookies: [signedOutCookie(visit)])
            case .failure(let error): internalError(error, visit: visit)
            }
        }
    }
}
