import GenkanLocalization
import GenkanStore
import GenkanValidation

/// The Genkan site without the engine: the store's worker pool, the pages, and the routes every
/// feature registers. `GenkanSite` serves it over HTTP; tests call `routes` in-process.
///
/// Adding a page: a file in `Features/` that registers its routes (below), a `FormDescription`
/// in `Forms/` when it has a form, and its keys in `PageKey` and the catalog.
final class GenkanApp: Sendable {
    let routes: RouteTable
    let pool: WorkerPool<AccountStore>

    /// Opens (creating or migrating) the database, reads `public/` and starts the worker threads.
    init(configuration: GenkanConfiguration, loops: Int, accessLog: AccessLog?) throws {
        // Open once here first: a bad path or a database from a newer Genkan stops the start
        // with a clear message, and the migration runs once.
        let path = configuration.databasePath, clock = configuration.clock, policy = configuration.sessionPolicy
        let main = try AccountStore(path: path, clock: clock, sessionPolicy: policy)
        let tokens = CSRFTokens(secret: try main.secret(named: "csrf"))
        _ = try main.deleteExpiredSessions()
        let files = try configuration.publicDirectory.map { directory throws(ServerError) in try StaticFiles(root: directory) }
        let pool = try WorkerPool(threads: configuration.workerThreads) {
            try AccountStore(path: path, clock: clock, sessionPolicy: policy)
        }
        self.pool = pool

        let texts = PageTexts(model: configuration.messages)
        let rules = configuration.validation
        let renderer = PageRenderer(texts: texts, rules: rules, files: files)
        let pageForms: [FormDescription] = [.signIn, .signUp]
        let forms = FormPages(
            renderer: renderer, blanks: BlankForms(renderer: renderer, forms: pageForms, locales: texts.locales), tokens: tokens)
        let failures = StoreFailures(log: ErrorLog())
        let shared = SharedMiddleware(
            pool: pool, failures: failures, rules: rules, forms: forms, tokens: tokens, limits: configuration.rateLimits,
            clock: clock)
        let authenticator = try Authenticator(hasher: configuration.hasher)
        let sessions = SessionStart(pool: pool, forms: forms, failures: failures, sessionLifetime: policy.lifetime)

        // Every request, in this order: logged with its final status, secured, then given its
        // locale, client and pre-session.
        let router = Router(errors: PageErrors(forms: forms))
        if let accessLog { router.use(AccessLogging(log: accessLog)) }
        router.use(
            SecurityHeaders(),
            VisitorContext(texts: texts, locales: LocaleCache(texts: texts, loops: loops), trustProxy: configuration.trustProxy))
        SignIn(forms: forms, authenticator: authenticator, sessions: sessions).register(on: router, with: shared)
        SignUp(forms: forms, authenticator: authenticator, sessions: sessions).register(on: router, with: shared)
        SignOut(pool: pool, failures: failures).register(on: router, with: shared)
        AccountOverview(renderer: renderer, tokens: tokens).register(on: router, with: shared)
        LiveValidation(rules: rules, renderer: renderer, forms: pageForms)
            .register(on: router.group("/api").presenting(JSONErrors(texts: texts)), with: shared)
        if let files { PublicFiles(files: files).register(on: router) }
        routes = router.build()
    }

    /// Ends the worker threads once the jobs already queued ran.
    func stop() {
        pool.stop()
    }
}
