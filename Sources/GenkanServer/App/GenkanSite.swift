import GenkanStore

/// The running Genkan site: the account store, the worker pool and the HTTP server together.
///
/// ```swift
/// let site = try GenkanSite(configuration: GenkanConfiguration(databasePath: "genkan.sqlite"),
///                           server: HTTPServerConfiguration(), texts: texts, rules: rules)
/// // ... until SIGTERM
/// site.stop()
/// ```
public final class GenkanSite: Sendable {
    private let server: HTTPServer
    private let pool: WorkerPool<AccountStore>
    private let sweeper: RepeatingTask
    /// The port the site listens on.
    public var port: UInt16 { server.port }

    /// Opens (creating or migrating) the database, reads `public/`, starts the worker threads and
    /// the event loops.
    public init(
        configuration: GenkanConfiguration, server serverConfiguration: HTTPServerConfiguration, texts: any PageTexts,
        rules: any FormRules, accessLog: AccessLog? = nil
    ) throws {
        // Open once here first: a bad path or a database from a newer Genkan stops the start
        // with a clear message, and the migration runs once.
        let path = configuration.databasePath
        let main = try AccountStore(path: path, clock: configuration.clock, sessionPolicy: configuration.sessionPolicy)
        let secret = try main.secret(named: "csrf")
        _ = try main.deleteExpiredSessions()
        let files = try configuration.publicDirectory.map { directory throws(ServerError) in try StaticFiles(root: directory) }
        let clock = configuration.clock, policy = configuration.sessionPolicy
        pool = try WorkerPool(threads: configuration.workerThreads) {
            try AccountStore(path: path, clock: clock, sessionPolicy: policy)
        }
        let renderer = PageRenderer(texts: texts, rules: rules, files: files)
        let limits = configuration.rateLimits
        let app = GenkanApp(
            texts: texts, rules: rules, renderer: renderer, blankForms: BlankForms(renderer: renderer, locales: texts.locales),
            files: files, pool: pool, authenticator: try Authenticator(hasher: configuration.hasher),
            csrf: CSRFTokens(secret: secret),
            limits: GenkanApp.Limiters(
                signInPerAddress: RateLimiter(rule: limits.signInPerAddress),
                signInPerAccount: RateLimiter(rule: limits.signInPerAccount),
                signUpPerAddress: RateLimiter(rule: limits.signUpPerAddress)),
            configuration: configuration, errorLog: ErrorLog(), loops: serverConfiguration.loops)
        do {
            server = try HTTPServer(configuration: serverConfiguration, responder: app, accessLog: accessLog)
        } catch {
            pool.stop()
            throw error
        }
        // Expired and idle sessions are deleted once an hour (and at start, above), on the pool.
        sweeper = RepeatingTask(interval: .seconds(3600)) { [pool] in
            _ = pool.submit(.interactive) { store in _ = try? store.deleteExpiredSessions() }
        }
    }

    /// Finishes the requests in progress, then ends the worker threads (closing the store).
    /// Later calls do nothing.
    public func stop() {
        sweeper.stop()
        server.stop()
        pool.stop()
    }

    deinit {
        stop()
    }
}
