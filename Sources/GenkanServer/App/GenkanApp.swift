import GenkanStore
import GenkanValidation

/// The Genkan site: sign-up, sign-in, the account page, sign-out, live validation, static files
/// and localized errors, over the account store.
///
/// Handlers run on the event loop; password hashing and database access are deferred to the
/// worker pool, and the page is rendered back on the loop with the result.
final class GenkanApp: HTTPResponder {
    let texts: any PageTexts
    let rules: any FormRules
    let renderer: PageRenderer
    let blankForms: BlankForms
    let files: StaticFiles?
    let pool: WorkerPool<AccountStore>
    let authenticator: Authenticator
    let csrf: CSRFTokens
    let limits: Limiters
    let configuration: GenkanConfiguration
    let errorLog: ErrorLog
    let localeCache: LocaleCache

    init(
        texts: any PageTexts, rules: any FormRules, renderer: PageRenderer, blankForms: BlankForms, files: StaticFiles?,
        pool: WorkerPool<AccountStore>, authenticator: Authenticator, csrf: CSRFTokens, limits: Limiters,
        configuration: GenkanConfiguration, errorLog: ErrorLog, loops: Int
    ) {
        self.texts = texts
        self.rules = rules
        self.renderer = renderer
        self.blankForms = blankForms
        self.files = files
        self.pool = pool
        self.authenticator = authenticator
        self.csrf = csrf
        self.limits = limits
        self.configuration = configuration
        self.errorLog = errorLog
        localeCache = LocaleCache(texts: texts, loops: loops)
    }

    /// The rate limiters, shared by every loop.
    struct Limiters: Sendable {
        let signInPerAddress: RateLimiter
        let signInPerAccount: RateLimiter
        let signUpPerAddress: RateLimiter
    }

    // MARK: Routing

    private enum Route {
        case root, signIn, signUp, account, signOut, validate
    }

    private static let routes: [String: (Route, [String])] = [
        "/": (.root, ["GET", "HEAD"]),
        "/signin": (.signIn, ["GET", "HEAD", "POST"]),
        "/signup": (.signUp, ["GET", "HEAD", "POST"]),
        "/account": (.account, ["GET", "HEAD"]),
        "/signout": (.signOut, ["POST"]),
        "/api/validate": (.validate, ["POST"]),
    ]

    func respond(to request: HTTPRequest) -> Reply {
        let visit = Visit(request: request, texts: texts, locales: localeCache, trustProxy: configuration.trustProxy)
        guard let (route, methods) = Self.routes[request.path] else {
            if request.method == "GET" || request.method == "HEAD", let response = files?.response(for: request) {
                return .response(Responses.secured(response))
            }
            if files?.file(at: request.path) != nil {
                return .response(methodNotAllowed(visit, allowed: ["GET", "HEAD"]))
            }
            return .response(errorPage(404, visit: visit))
        }
        guard methods.contains(request.method) else {
            return .response(methodNotAllowed(visit, allowed: methods))
        }
        let isPost = request.method == "POST"
        switch route {
        case .root: return root(visit)
        case .signIn: return isPost ? signIn(visit) : showForm(.signIn, visit)
        case .signUp: return isPost ? signUp(visit) : showForm(.signUp, visit)
        case .account: return account(visit)
        case .signOut: return signOut(visit)
        case .validate: return .response(validate(visit))
        }
    }

    func refusal(status: Int, request: HTTPRequest) -> HTTPResponse {
        let visit = Visit(request: request, texts: texts, locales: localeCache, trustProxy: configuration.trustProxy)
        var response = errorPage(status, visit: visit)
        response.closesConnection = true
        return response
    }

    func overloaded(request: HTTPRequest) -> HTTPResponse {
        let visit = Visit(request: request, texts: texts, locales: localeCache, trustProxy: configuration.trustProxy)
        return errorPage(503, visit: visit, extra: ["Retry-After": "1"])
    }

    // MARK: Pages

    /// An error in the form the client reads: JSON under `/api/`, a localized page elsewhere.
    func errorPage(_ status: Int, visit: Visit, extra: HTTPHeaders = [:]) -> HTTPResponse {
        if visit.request.path.hasPrefix("/api/") { return apiError(status, visit: visit, extra: extra) }
        return Responses.html(status, renderer.error(status, locale: visit.locale), visit: visit, extra: extra)
    }

    func methodNotAllowed(_ visit: Visit, allowed: [String]) -> HTTPResponse {
        errorPage(405, visit: visit, extra: ["Allow": allowed.joined(separator: ", ")])
    }

    /// `/`: the account page when signed in, the sign-in page otherwise.
    func root(_ visit: Visit) -> Reply {
        guard let token = visit.sessionToken else { return .response(Responses.redirect("/signin", visit: visit)) }
        return pool.reply(.interactive, { store in Result { () throws(StoreError) in try store.session(token: token) } }) { [self]
            found in
            switch found {
            case .success(.some): Responses.redirect("/account", visit: visit)
            case .success(.none): Responses.redirect("/signin", visit: visit, cookies: [signedOutCookie(visit)])
            case .failure(let error): internalError(error, visit: visit)
            }
        }
    }

    /// A blank sign-in or sign-up form; a signed-in visitor goes to the account page instead.
    func showForm(_ kind: FormKind, _ visit: Visit) -> Reply {
        let form = { @Sendable [self] (cookies: [SetCookie]) -> HTTPResponse in
            let token = csrf.token(for: visit.anonymousBinding)
            return Responses.html(200, blankForms.page(kind, locale: visit.locale, csrf: token), visit: visit, cookies: cookies)
        }
        guard let token = visit.sessionToken else { return .response(form([])) }
        return pool.reply(.interactive, { store in Result { () throws(StoreError) in try store.session(token: token) } }) { [self]
            found in
            switch found {
            case .success(.some): Responses.redirect("/account", visit: visit)
            case .success(.none): form([signedOutCookie(visit)])
            case .failure(let error): internalError(error, visit: visit)
            }
        }
    }

    /// The account page (`Cache-Control: no-store`, like every page).
    func account(_ visit: Visit) -> Reply {
        guard let token = visit.sessionToken else { return .response(Responses.redirect("/signin", visit: visit)) }
        return pool.reply(.interactive, { store in Result { () throws(StoreError) in try store.session(token: token) } }) { [self]
            found in
            switch found {
            case .success(.some(let found)):
                let csrfToken = csrf.token(for: Visit.sessionBinding(token))
                return Responses.html(200, renderer.account(found.account, locale: visit.locale, csrf: csrfToken), visit: visit)
            case .success(.none):
                return Responses.redirect("/signin", visit: visit, cookies: [signedOutCookie(visit)])
            case .failure(let error):
                return internalError(error, visit: visit)
            }
        }
    }

    // MARK: Helpers

    /// The cookie that removes the session from the browser.
    func signedOutCookie(_ visit: Visit) -> SetCookie {
        SetCookie.deletion(Visit.sessionCookie, secure: visit.isSecure)
    }

    func sessionCookie(_ token: String, visit: Visit) -> SetCookie {
        SetCookie(name: Visit.sessionCookie, value: token, maxAge: configuration.sessionPolicy.lifetime, secure: visit.isSecure)
    }

    /// A store failure: logged for the operator (no secret in it), a localized 500 for the user.
    func internalError(_ error: StoreError, visit: Visit) -> HTTPResponse {
        errorLog.write("store failure on \(visit.request.method) \(visit.request.path): \(error)")
        return errorPage(500, visit: visit)
    }

    /// The posted form, if the body is URL-encoded form data.
    func postedForm(_ visit: Visit) -> Result<FormData, FormData.Failure>? {
        let type = visit.request.headers["content-type"]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else { return nil }
        return Result { () throws(FormData.Failure) in try FormData(visit.request.body) }
    }

    /// Whether the form's token matches what it must be bound to, in constant time.
    func hasValidToken(_ form: FormData, binding: String) -> Bool {
        csrf.isValid(form["csrf"] ?? "", for: binding)
    }
}
