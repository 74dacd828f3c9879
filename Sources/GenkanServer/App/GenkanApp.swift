import Foundation
import GenkanHTTP
import GenkanLocalization
import GenkanMail
import GenkanOIDC
import GenkanStore
import GenkanValidation
import GenkanWebAuthn
import GenkanWebhooks

/// The Genkan site without the engine: the store's worker pool, the pages, and the routes every
/// feature registers. `GenkanSite` serves it over HTTP; tests call `routes` in-process.
///
/// Adding a page: a file in `Features/` that registers its routes (below), a `FormDescription`
/// in `Forms/` when it has a form, and its keys in `PageKey` and the catalog.
final class GenkanApp: Sendable {
    let routes: RouteTable
    let pool: WorkerPool<Authenticator>
    /// What links in mail start with (`GenkanSite` fills it in once listening, unless configured).
    let baseURL: BaseURL
    /// Delivers the outbox; nil when mail is not sent from this process (page tests).
    let sender: OutboxSender?
    /// Delivers the webhook queue; nil without `--webhook`.
    let webhooks: WebhookSender?
    /// The OpenID providers and the threads that call them.
    let identity: IdentityProviders
    /// Why passkeys are off, for the start's one line (nil when they work): they need a
    /// `--base-url` whose host is a domain (`http://localhost:PORT` for local use).
    let passkeysUnavailable: String?

    /// Opens (creating or migrating) the database, reads `public/`, starts the worker threads and,
    /// when `sendsMail`, the outbox sender.
    init(configuration: GenkanConfiguration, loops: Int, accessLog: AccessLog?, sendsMail: Bool = true) throws {
        // Open once here first: a bad path or a database from a newer Genkan stops the start
        // with a clear message, and the migration runs once.
        let location = configuration.database, clock = configuration.clock, policy = configuration.sessionPolicy
        let codes = configuration.codePolicy, postgres = configuration.postgres
        // Emulator mode lists every code sent, whichever door asked for it and whichever server
        // on the database sent it.
        let recordsCodes = configuration.firebaseProject != nil && configuration.firebaseEmulator
        // Every event is queued for each receiver in its own transaction.
        let webhookURLs = configuration.operators.webhookSecret == nil ? [] : configuration.operators.webhookURLs
        let open = { @Sendable () throws(StoreError) in
            let store = try AccountStore(location: location, clock: clock, sessionPolicy: policy, codePolicy: codes, postgres: postgres)
            store.recordsCodes = recordsCodes
            store.webhookURLs = webhookURLs
            return store
        }
        let main = try open()
        let tokens = CSRFTokens(secret: try main.secret(named: "csrf"))
        let throttle = SignInThrottle(limits: configuration.rateLimits.signIn, secret: try main.secret(named: "limits"))
        let devices = KnownDevices(secret: try main.secret(named: "devices"))
        let files = try configuration.publicDirectory.map { directory throws(ServerError) in try StaticFiles(root: directory) }
        let texts = PageTexts(model: configuration.messages)
        let rules = configuration.validation
        let errorLog = configuration.errorLog
        let baseURL = BaseURL(try configuration.baseURL.map(BaseURL.checked) ?? "http://127.0.0.1")
        self.baseURL = baseURL
        var mail = SiteMail(
            texts: texts, rules: rules, sender: try Self.sender(configuration.mail, texts: texts),
            baseURL: baseURL, codes: codes)
        mail.providerNames = Dictionary(
            configuration.identityProviders.map { ($0.name, ProviderButton($0).brandName) }, uniquingKeysWith: { first, _ in first })
        let relyingParty = Self.relyingParty(configuration.baseURL, name: texts.text(.siteName, texts.locales.first ?? "en"))
        // A passkey stands in for the password (and is the second factor too): only a verified user
        // (biometrics, PIN) counts, never a security key found on a desk that anyone can touch.
        var passkeyPolicy = WebAuthnPolicy()
        passkeyPolicy.userVerification = .required
        let verifier = try? relyingParty.map { WebAuthnVerifier(relyingParty: $0, policy: passkeyPolicy) }.get()
        if case .failure(let reason) = relyingParty { passkeysUnavailable = reason.detail } else { passkeysUnavailable = nil }
        // What every worker's core shares; each worker thread makes its own over its own connection.
        // The blocking hooks, asked by every worker's core before it creates an account or signs one in.
        let hooks = try SiteHooks(configuration.operators, rules: rules, log: errorLog)
        let settings = try Authenticator.Settings(
            hasher: configuration.hasher, mail: mail, passkeys: verifier, twoFactorKeys: configuration.twoFactorKeys, hooks: hooks)
        // What expired while no server ran goes before this one serves.
        try Authenticator(store: main, settings: settings).deleteExpired()
        // Several servers may share a PostgreSQL outbox: each message is claimed before sending.
        let outbox = sendsMail
            ? StoreMailQueue(outbox: Outbox(store: try open()), leaseSeconds: location.isNetworked ? StoreMailQueue.sharedLeaseSeconds : nil) : nil
        let sender = try outbox.map { outbox in
            OutboxSender(
                queue: outbox, transport: try Self.transport(configuration.mail),
                policy: configuration.mail.retry, batchSize: outbox.batchSize,
                // Other servers on the database queue mail this sender is not told of.
                longestSleep: location.isNetworked ? StoreMailQueue.sharedQueueRecheck : nil, log: { errorLog.write($0) })
        }
        // The webhook queue is claimed with a lease on every engine: several servers may share it.
        let webhooks = try configuration.operators.webhookSecret.flatMap { secret throws(StoreError) -> WebhookSender? in
            guard !webhookURLs.isEmpty else { return nil }
            return WebhookSender(
                queue: StoreWebhookQueue(deliveries: WebhookDeliveries(store: try open())), signer: WebhookSigner(secret: secret),
                now: { Date(timeIntervalSince1970: TimeInterval(clock.now())) }, log: { errorLog.write($0) })
        }
        let pool: WorkerPool<Authenticator>
        do {
            let queue = configuration.hashingQueue
            // Every job that queued mail wakes the sender: no door has to remember to.
            pool = try WorkerPool(
                // One thread more, at the loops' priority, for known browsers' sign-ins and the
                // interactive lane: a flood that keeps the loops busy cannot slow those down.
                threads: configuration.workerThreads, hashingThreads: configuration.hashingThreads, priorityThreads: 1,
                hashingCapacity: queue.capacity, hashingPerKey: queue.perClient,
                maximumWait: queue.maximumWait, afterEachJob: { core in
                    core.origin = .unknown
                    if core.takeQueuedMail() { sender?.notify() }
                    if core.takeQueuedWebhooks() { webhooks?.notify() }
                }
            ) { Authenticator(store: try open(), settings: settings) }
        } catch {
            sender?.stop()
            webhooks?.stop()
            throw error
        }
        self.pool = pool
        self.sender = sender
        self.webhooks = webhooks

        let identity = try Self.identityProviders(configuration, baseURL: baseURL, log: errorLog)
        self.identity = identity
        let renderer = PageRenderer(
            texts: texts, rules: rules, files: files, providers: identity.buttons, passkeys: verifier != nil,
            twoFactor: configuration.twoFactorKeys != nil)
        // Rendered once per language (on first use): the forms every visitor sees the same;
        // validated live: every form.
        let blankForms: [FormDescription] = [.signIn, .signUp, .passwordResetRequest, .signInLinkRequest]
        let liveForms = blankForms + [
            .passwordReset, .nameChange, .passwordChange, .emailChange, .accountDeletion, .secondStep, .twoFactorRemoval(hasPassword: true),
        ]
        let forms = FormPages(
            renderer: renderer, blanks: BlankForms(renderer: renderer, forms: blankForms, locales: texts.locales), tokens: tokens)
        let failures = StoreFailures(log: errorLog)
        let shared = SharedMiddleware(
            pool: pool, failures: failures, rules: rules, forms: forms, tokens: tokens, limits: configuration.rateLimits,
            throttle: throttle, devices: devices, security: SecurityLog(log: errorLog, throttle: throttle, accessLog: accessLog), clock: clock,
            requireVerified: configuration.requireVerified, requireTwoFactor: configuration.requireTwoFactor && configuration.twoFactorKeys != nil)
        let site = SiteServices(
            forms: forms, pool: pool, failures: failures, checks: shared.checks,
            sessionLifetime: policy.lifetime, clock: clock)
        let sessions = SessionStart(site: site)

        // Every request, in this order: logged with its final status, secured, then given its
        // locale, client and pre-session.
        let router = Router<SiteContext>(attributes: SiteRoute(errors: PageErrors(forms: forms)))
        router.clients = ClientResolution(
            proxies: configuration.trustedProxies,
            servedOverHTTPS: configuration.baseURL?.lowercased().hasPrefix("https://") ?? false)
        if let accessLog { router.use(AccessLogging(log: accessLog)) }
        router.use(
            SecurityHeaders(),
            VisitorContext(
                texts: texts, locales: LocaleCache(texts: texts, loops: loops), clock: clock,
                preSessionLifetime: configuration.preSessionLifetime))
        // The pages' scripts' calls: refusals (and unknown paths under the prefix) answered in JSON.
        let api = router.group(SitePath.apiPrefix).presenting(JSONErrors(texts: texts))
        SignIn(site: site, sessions: sessions).register(on: router, with: shared)
        SignUp(site: site, sessions: sessions, isPrivate: configuration.privateSignUp).register(on: router, with: shared)
        SignOut(site: site).register(on: router, with: shared)
        AccountOverview(renderer: renderer, tokens: tokens).register(on: router, with: shared)
        let resetRequests = ResetRequests(pool: pool, log: errorLog)
        PasswordReset(site: site, requests: resetRequests).register(on: router, with: shared)
        SignInLink(site: site, requests: resetRequests).register(on: router, with: shared)
        // Requests a crash left between their answer and their mail.
        resetRequests.process()
        EmailVerification(site: site).register(on: router, with: shared)
        NameSettings(site: site).register(on: router, with: shared)
        PasswordSettings(site: site).register(on: router, with: shared)
        EmailSettings(site: site, isPrivate: configuration.privateSignUp).register(on: router, with: shared)
        AccountDeletion(site: site).register(on: router, with: shared)
        SignedInDevices(site: site).register(on: router, with: shared)
        AccountActivity(site: site).register(on: router, with: shared)
        AdminConsole(site: site, administrators: RequireAdministrator(pool: pool, failures: failures)).register(on: router, with: shared)
        if verifier != nil { PasskeySignIn(site: site).register(on: router, api: api, with: shared) }
        PasskeySettings(site: site, available: verifier != nil).register(on: router, api: api, with: shared)
        // The second step works whatever the key file: a factor added under another server's
        // configuration is asked for, and refused with the operator's error, never skipped.
        SignInSecondStep(site: site).register(on: router, with: shared)
        if configuration.twoFactorKeys != nil { TwoFactorSettings(site: site).register(on: router, with: shared) }
        if !identity.providers.isEmpty {
            let providerSignIn = ProviderSignIn(
                site: site, providers: identity, isPrivate: configuration.privateSignUp,
                startsPerClient: shared.providerSignInPerClient)
            providerSignIn.register(on: router, with: shared)
            LinkedProviders(signIn: providerSignIn).register(on: router, with: shared)
        }
        LiveValidation(rules: rules, renderer: renderer, forms: liveForms)
            .register(on: api, with: shared)
        if let project = configuration.firebaseProject {
            let emulator = configuration.firebaseEmulator
            var key: SigningKey?
            if !emulator {
                // A stored seed of the wrong size stops the start (`secret(named:length:)` throws): a
                // server that signs nothing would accept unsigned tokens.
                guard let made = SigningKey(seed: try main.secret(named: "firebase-ed25519-seed", length: 32)) else {
                    throw ServerError("the stored Firebase signing key cannot be used; restore it from a backup")
                }
                key = made
            }
            for account in configuration.firebaseServiceAccounts where account.projectID != project {
                throw ServerError(
                    "--firebase-service-account: \(account.clientEmail) belongs to the project \(account.projectID), not \(project)")
            }
            var entries: [ContinueOrigins.Entry] = []
            for domain in configuration.authorizedDomains {
                guard let entry = ContinueOrigins.entry(parsing: domain) else {
                    throw ServerError("--authorized-domain must be a host name (app.example.com) or an origin (https://app.example.com), not '\(domain)'")
                }
                entries.append(entry)
            }
            let origins = ContinueOrigins(base: baseURL, entries: entries, allowsLoopback: emulator)
            router.use(FirebaseCORS(prefixes: FirebaseAPI.prefixes, onlyFrom: emulator ? origins : nil))
            var api = FirebaseAPI(
                site: site, project: project, isEmulator: emulator, mail: mail, resetRequests: resetRequests,
                tokens: IDTokens(project: project, key: key), identity: identity, isPrivate: configuration.privateSignUp)
            api.serviceAccounts = ServiceAccounts(configuration.firebaseServiceAccounts)
            api.continueOrigins = origins
            api.providerIDs = Dictionary(
                identity.providers.all.map { ($0.name, $0.configuration.firebaseProviderID) }, uniquingKeysWith: { first, _ in first })
            api.register(on: router, with: shared)
        }
        if let files { PublicFiles(files: files).register(on: router) }
        routes = router.build()
    }

    /// Ends the worker threads once the jobs already queued ran, then the sender (what is queued
    /// and not sent stays in the outbox for the next start).
    func stop() {
        pool.stop()
        sender?.stop()
        webhooks?.stop()
        identity.stop()
    }

    /// The configured providers, with threads for their HTTP calls; each provider's discovery
    /// document is fetched once in the background now, so a wrong issuer shows in the log at
    /// start rather than at someone's first sign-in.
    static func identityProviders(_ configuration: GenkanConfiguration, baseURL: BaseURL, log: ErrorLog) throws -> IdentityProviders {
        let clock = configuration.clock
        let providers = OIDCProviders(
            configuration.identityProviders, fetcher: configuration.providerClient, clock: { Int(clock.now()) },
            keyRefreshInterval: configuration.providerKeyRefreshInterval)
        guard !providers.isEmpty else { return IdentityProviders(providers: providers, pool: nil, baseURL: baseURL) }
        let pool = try WorkerPool<Void>(threads: 4, niceness: 0) { () }
        for provider in providers.all {
            _ = pool.submit(.interactive) { _ in
                do throws(OIDCFailure) {
                    _ = try provider.metadata()
                } catch {
                    log.write("oidc \(provider.name): \(error.detail) (sign-in with it fails until this works)")
                }
            }
        }
        return IdentityProviders(providers: providers, pool: pool, baseURL: baseURL)
    }

    /// The site's relying party, or why passkeys cannot work with this base URL (none given: the
    /// address the server listens on, `http://127.0.0.1:PORT` by default, an IP address).
    static func relyingParty(_ baseURL: String?, name: String) -> Result<RelyingParty, WebAuthnFailure> {
        guard let baseURL else {
            return .failure(
                WebAuthnFailure(
                    .invalidRelyingParty,
                    "passkeys are off: they need a domain, so start with --base-url http://localhost:PORT (or the site's https address)"))
        }
        do throws(WebAuthnFailure) {
            return .success(try RelyingParty(url: baseURL, name: name))
        } catch {
            return .failure(WebAuthnFailure(.invalidRelyingParty, "passkeys are off: " + error.detail))
        }
    }

    // MARK: Mail settings, checked at start

    static func sender(_ settings: MailSettings, texts: PageTexts) throws -> MailAddress {
        do throws(MailError) {
            return try MailAddress(settings.from, displayName: texts.text(.siteName, texts.locales.first ?? "en"))
        } catch {
            throw ServerError("--mail-from '\(settings.from)' is not a mail address Genkan can send from: \(error.detail)")
        }
    }

    static func transport(_ settings: MailSettings) throws -> any MailTransport {
        switch settings.transport {
        case .directory(let path):
            return DirectoryTransport(directory: path)
        case .smtp(let url, let caFile):
            do throws(MailError) {
                return try SMTPTransport(url: url, caFile: caFile)
            } catch {
                throw ServerError("--smtp: \(error.detail)")
            }
        }
    }

}
