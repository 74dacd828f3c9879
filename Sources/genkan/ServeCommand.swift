import Foundation
import GenkanHTTP
import GenkanHTTPClient
import GenkanLocalization
import GenkanOIDC
import GenkanServer
import GenkanStore
import GenkanValidation

/// `genkan serve`: the sign-up and sign-in site on H2O, SQLite and Argon2id.
struct ServeCommand: Command {
    static let path = ["serve"]
    static let summary = "Serve the sign-up and sign-in pages over HTTP."
    static let help = """
        Usage: genkan serve [--host 127.0.0.1] [--port 8080] [--db genkan.sqlite] [--public DIR]
                            [--db-pool-size N] [--db-timeout SECONDS]
                            [--loops N] [--log text|json] [--trust-proxy [CIDR,…]] [--base-url URL]
                            [--max-connections-per-client N]
                            [--outbox DIR | --smtp URL [--smtp-ca FILE]] [--mail-from ADDRESS]
                            [--mail-retry SECONDS]
                            [--require-verified] [--private-signup]
                            [--two-factor-key FILE [--require-two-factor]]
                            [--firebase-project ID [--firebase-emulator]]
                            [--firebase-service-account FILE]... [--authorized-domain DOMAIN]...
                            [--anonymous-lifetime DAYS]
                            [--oidc NAME[=ISSUER] --oidc-client-id NAME=ID [--oidc-client-secret NAME=SECRET]]...
                            [--oidc-config FILE] [--oidc-apple-team-id ID --oidc-apple-key-id ID
                            --oidc-apple-key FILE] [--oidc-ca FILE]
                            [--event-retention DAYS] [--webhook URL]... [--webhook-secret whsec_…]
                            [--before-create URL] [--before-sign-in URL] [--hooks-fail open|closed]

        Serves sign-up, sign-in, the account page, sign-out, password reset and e-mail
        verification on HTTP/1.1. The first start creates the database; later starts migrate it.
        Mail is written to the outbox table with the change that causes it and delivered in the
        background, with retries; without --smtp each message is an .eml file in the outbox
        directory. SIGINT or SIGTERM finish the requests in progress and close the store.

        Options:
          --host ADDRESS      Address to listen on (default 127.0.0.1).
          --port PORT         Port to listen on, 0 for any free port (default 8080).
          --db FILE|URL       SQLite database file (default genkan.sqlite), or a PostgreSQL
                              database: postgresql://USER[:PASS]@HOST[:PORT]/DBNAME[?sslmode=…].
                              Several servers on one PostgreSQL database act as one site.
          --db-pool-size N    Database connections, one per worker thread (1 to 256; default one
                              per core for SQLite, twice that and at least 4 for PostgreSQL).
                              Password hashing uses one thread per core at most.
          --db-timeout SECONDS
                              The longest a PostgreSQL statement may take (default 5); past it,
                              or while the database cannot be reached, a request gets 503.
          --public DIR        Directory of static files, css/ and js/ (default public).
          --loops N           Event loops, one thread each (default: one per core).
          --log FORMAT        Access log on standard output: text or json (default text).
          --trust-proxy [CIDR,…]
                              Believe X-Forwarded-For and X-Forwarded-Proto only from peers in these
                              networks (10.0.0.0/8,2001:db8::/32; an address alone is one host);
                              without a list, the loopback networks 127.0.0.0/8 and ::1. The client
                              is the right-most X-Forwarded-For address not in them; HTTPS makes
                              cookies Secure and __Host- prefixed.
          --max-connections-per-client N
                              Open connections one client address (IPv6: one /64) may hold; more
                              are closed at once. 0 for no cap. Default 64, or 0 with --trust-proxy
                              (every connection then comes from the proxy).
          --base-url URL      The site's address as visitors reach it, for links in mail
                              (default http://HOST:PORT). Links never use the request's Host.
          --outbox DIR        Write each mail as an .eml file into DIR (default outbox).
          --smtp URL          Send mail through an SMTP server instead: smtp://[user:pass@]host:port
                              (STARTTLS; required with a password unless the host is loopback)
                              or smtps://[user:pass@]host:port (TLS from the start).
          --smtp-ca FILE      Trust the certificate authority in FILE for --smtp (PEM).
          --mail-from ADDRESS The From address of every mail (default no-reply@genkan.invalid;
                              required with --smtp).
          --mail-retry SECONDS
                              Wait before the first new attempt at a mail the server did not take
                              (default 60); each later wait doubles, up to 4 hours, 10 attempts.
          --require-verified  Keep a signed-in account whose address is not verified on the
                              "verify your e-mail" page.
          --private-signup    Answer every sign-up alike ("check your e-mail"), in equal time, and
                              tell the owner of an address already in use by mail.
          --two-factor-key FILE
                              The keys that seal authenticator (TOTP) secrets in the database, one
                              per line in hex; made with one new key if FILE does not exist. Keep it
                              with the configuration, never with database backups. Without it, no
                              second factor can be added or checked.
          --require-two-factor
                              Every account adds an authenticator app before it reaches any other
                              page of the site (right after signing in).
          --firebase-project ID
                              Also serve the Firebase Authentication REST API for project ID on the
                              same port and store (/identitytoolkit.googleapis.com/v1/…,
                              /securetoken.googleapis.com/v1/token), so an app pointed at Genkan
                              with useEmulator or connectAuthEmulator works unmodified. ID tokens
                              are signed with Ed25519; the public key is at
                              /securetoken.googleapis.com/v1/jwks.
          --firebase-emulator Answer as the Firebase Auth emulator does: unsigned ID tokens and
                              custom tokens, the admin endpoints for "Authorization: Bearer owner"
                              (Admin SDKs with FIREBASE_AUTH_EMULATOR_HOST),
                              /emulator/v1/projects/ID/oobCodes. For development only.
          --firebase-service-account FILE
                              A Google service account key (the JSON file the console gives, of
                              the same project): custom tokens the Admin SDKs sign with it are
                              accepted by signInWithCustomToken, and a JWT it signs (aud
                              https://identitytoolkit.googleapis.com/) opens the admin endpoints.
                              Only its public key is kept. Repeat for more accounts.
          --authorized-domain DOMAIN
                              Where sign-in links may lead (continueUrl) besides --base-url's
                              origin: a host name (app.example.com) or an origin
                              (https://app.example.com:8443). Repeat for more. The emulator
                              allows any.
          --anonymous-lifetime DAYS
                              Delete anonymous accounts nothing used for DAYS days (default 30;
                              0 keeps them).

        Signing in with OpenID providers (buttons on the sign-in and sign-up pages; repeat the
        options for each provider; its redirect URI is BASE-URL/signin/NAME/callback):
          --oidc NAME[=ISSUER]
                              A provider. google and apple are presets (their issuers, scopes and
                              button texts; Apple answers by form_post); any other NAME needs the
                              ISSUER, whose /.well-known/openid-configuration is read.
          --oidc-client-id NAME=ID
                              The client id the provider gave this site.
          --oidc-client-secret NAME=SECRET
                              Its client secret (not for apple: see below). A command line is
                              visible to other users of the machine: prefer --oidc-config.
          --oidc-config FILE  Providers from a JSON file instead (or as well), by name:
                              {"google": {"clientId": "…", "clientSecret": "…"},
                               "apple": {"clientId": "…", "teamId": "…", "keyId": "…",
                                         "keyFile": "AuthKey.p8"},
                               "corp": {"issuer": "https://…", "clientId": "…",
                                        "clientSecret": "…", "displayName": "Example Staff"}}
                              Also "audiences" (native apps' client ids) and "scopes".
          --oidc-apple-team-id ID, --oidc-apple-key-id ID, --oidc-apple-key FILE
                              Apple's client secret is a short-lived ES256 JWT made from the
                              team's Sign in with Apple key (.p8, PEM) with these ids.
          --oidc-ca FILE      Trust the certificate authority in FILE for calls to providers (PEM).

        Operators (the security event log, which genkan events export reads, webhooks and blocking
        hooks):
          --event-retention DAYS
                              Keep security events this many days (default 90, 1 to 3650), then
                              delete them in batches.
          --webhook URL       POST every event to URL (https://, or http:// to this machine), signed
                              as Standard Webhooks says (webhook-id, webhook-timestamp,
                              webhook-signature: v1,…). Delivered from a queue in the database: at
                              least once, retried with backoff, in order per account, by one server
                              of several. Repeat for more receivers. Events the command line
                              records (genkan admin grant) are not sent.
          --webhook-secret whsec_…
                              The Standard Webhooks secret (whsec_ and 24 to 64 random bytes in
                              base64) that webhooks and blocking hooks are signed with; required
                              with --webhook, --before-create and --before-sign-in. Also read from
                              the GENKAN_WEBHOOK_SECRET environment variable.
          --before-create URL Ask URL, signed the same way, before an account is created (every
                              page and API door; not the Admin API or genkan users import, as
                              Firebase asks no blocking function there). Answers as Firebase's
                              blocking functions give them: an error answer ({"error": {"status":
                              "PERMISSION_DENIED", "message": …}}, 4xx) refuses; {"userRecord":
                              {"updateMask": "customClaims", "customClaims": {…}}} sets the
                              account's claims. 3 seconds at most.
          --before-sign-in URL
                              The same before a session or a token is issued (after a second
                              factor); "sessionClaims" go into this sign-in's ID tokens only.
          --hooks-fail open|closed
                              When a hook does not answer in 3 seconds, answers 5xx or cannot be
                              read: go on (open) or refuse (closed, the default).

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let host = try arguments.option("--host") ?? "127.0.0.1"
        let portText = try arguments.option("--port") ?? "8080"
        let database = try arguments.option("--db") ?? "genkan.sqlite"
        let publicDirectory = try arguments.option("--public") ?? "public"
        let poolText = try arguments.option("--db-pool-size")
        let timeoutText = try arguments.option("--db-timeout")
        let loopsText = try arguments.option("--loops")
        let format = try arguments.choice("--log", of: AccessLog.Format.allCases.map(\.rawValue), default: "text")
        let trustProxy = arguments.optionalValue("--trust-proxy")
        let perClientText = try arguments.option("--max-connections-per-client")
        let baseURL = try arguments.option("--base-url")
        let outbox = try arguments.option("--outbox")
        let smtp = try arguments.option("--smtp")
        let smtpCA = try arguments.option("--smtp-ca")
        let mailFrom = try arguments.option("--mail-from")
        let mailRetryText = try arguments.option("--mail-retry")
        let requireVerified = arguments.flag("--require-verified")
        let privateSignUp = arguments.flag("--private-signup")
        let twoFactorKeyFile = try arguments.option("--two-factor-key")
        let requireTwoFactor = arguments.flag("--require-two-factor")
        let identityProviders = try Self.identityProviders(&arguments)
        let providerCA = try arguments.option("--oidc-ca")
        let firebaseProject = try arguments.option("--firebase-project")
        let firebaseEmulator = arguments.flag("--firebase-emulator")
        let serviceAccountFiles = try arguments.options("--firebase-service-account")
        let authorizedDomains = try arguments.options("--authorized-domain")
        let anonymousLifetimeText = try arguments.option("--anonymous-lifetime")
        let operators = try Self.operatorSettings(&arguments)
        let extra = try arguments.positionals()
        guard extra.isEmpty else { throw UsageError("unexpected argument '\(extra[0])'") }
        guard let port = UInt16(portText) else { throw UsageError("--port must be a number from 0 to 65535, not '\(portText)'") }
        var loops = HTTPServerConfiguration.processorCount
        if let loopsText {
            guard let value = Int(loopsText), (1...256).contains(value) else {
                throw UsageError("--loops must be a number from 1 to 256, not '\(loopsText)'")
            }
            loops = value
        }
        if let firebaseProject, !Self.isProjectID(firebaseProject) {
            throw UsageError("--firebase-project must be a project id such as demo-genkan (letters, digits, hyphens), not '\(firebaseProject)'")
        }
        if firebaseEmulator && firebaseProject == nil { throw UsageError("--firebase-emulator goes with --firebase-project ID") }
        if firebaseProject == nil && (!serviceAccountFiles.isEmpty || !authorizedDomains.isEmpty || anonymousLifetimeText != nil) {
            throw UsageError("--firebase-service-account, --authorized-domain and --anonymous-lifetime go with --firebase-project ID")
        }
        var serviceAccounts: [FirebaseServiceAccount] = []
        for file in serviceAccountFiles {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError("--firebase-service-account: cannot read '\(file)'")
            }
            do throws(ServiceAccountError) {
                serviceAccounts.append(try FirebaseServiceAccount(json: Array(data), source: file))
            } catch {
                throw UsageError("--firebase-service-account: \(error.description)")
            }
        }
        var anonymousLifetime: Int64? = 30 * 86_400
        if let anonymousLifetimeText {
            guard let days = Int64(anonymousLifetimeText), (0...36_500).contains(days) else {
                throw UsageError("--anonymous-lifetime must be a number of days from 0 to 36500, not '\(anonymousLifetimeText)'")
            }
            anonymousLifetime = days == 0 ? nil : days * 86_400
        }
        // The emulator's tokens are unsigned and its admin endpoints answer anyone who says
        // `Bearer owner`: never on an address another machine can reach.
        if firebaseEmulator && !(HTTPClient.isLoopback(host) || host == "::1") {
            throw UsageError(
                "--firebase-emulator answers with unsigned tokens and open admin endpoints, so it listens on loopback only "
                    + "(--host 127.0.0.1, ::1 or localhost), not '\(host)'")
        }
        // Behind a proxy the loopback peer is the proxy, and whoever reaches the proxy reaches the
        // emulator's open admin endpoints and unsigned tokens: the emulator answers this machine only.
        if firebaseEmulator && trustProxy != nil {
            throw UsageError(
                "--firebase-emulator answers this machine only: with --trust-proxy a proxy would open its unsigned tokens and admin "
                    + "endpoints to whoever reaches the proxy; run the emulator without --trust-proxy")
        }
        var perClient: Int?
        if let perClientText {
            guard let value = Int(perClientText), (0...1_000_000).contains(value) else {
                throw UsageError("--max-connections-per-client must be a number from 0 to 1000000, not '\(perClientText)'")
            }
            perClient = value
        }
        if smtp != nil && outbox != nil { throw UsageError("--outbox and --smtp are two places for mail; give one") }
        if smtp != nil && mailFrom == nil { throw UsageError("--smtp needs --mail-from, the address mail is sent from") }
        if requireTwoFactor && twoFactorKeyFile == nil { throw UsageError("--require-two-factor needs --two-factor-key FILE") }
        if smtpCA != nil && smtp == nil { throw UsageError("--smtp-ca goes with --smtp") }
        var proxies = TrustedProxies.none
        if let trustProxy {
            do throws(IPNetwork.ParseError) {
                proxies = trustProxy.isEmpty ? .loopback : try TrustedProxies(parsing: trustProxy)
            } catch {
                throw UsageError("--trust-proxy: \(error.description)")
            }
        }
        let location: StoreLocation
        do throws(StoreError) {
            location = try StoreLocation(parsing: database)
        } catch {
            throw UsageError("--db: \(error.detail)")
        }
        if let warning = location.securityWarning { Terminal.error("genkan: warning: \(warning)") }
        var pool: Int?
        if let poolText {
            guard let value = Int(poolText), (1...256).contains(value) else {
                throw UsageError("--db-pool-size must be a number of connections from 1 to 256, not '\(poolText)'")
            }
            pool = value
        }
        var timeout: Int?
        if let timeoutText {
            guard let value = Int(timeoutText), (1...600).contains(value) else {
                throw UsageError("--db-timeout must be a number of seconds from 1 to 600, not '\(timeoutText)'")
            }
            guard location.isNetworked else { throw UsageError("--db-timeout is for a PostgreSQL --db") }
            timeout = value
        }
        var mailRetry: Int?
        if let mailRetryText {
            guard let value = Int(mailRetryText), (1...86_400).contains(value) else {
                throw UsageError("--mail-retry must be a number of seconds from 1 to 86400, not '\(mailRetryText)'")
            }
            mailRetry = value
        }

        // Block the signals before any thread starts (threads inherit the mask), then wait for
        // them here: no handler runs in a signal context.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        var server = HTTPServerConfiguration()
        server.host = host
        server.port = port
        server.loops = loops
        server.maxConnectionsPerClient = perClient ?? (proxies.isEmpty ? server.maxConnectionsPerClient : 0)
        // `accounts:batchCreate` brings up to a thousand users in one body (a few hundred KiB);
        // every other path keeps the forms' small limit.
        if let firebaseProject { server.largeBodyPathPrefix = "/identitytoolkit.googleapis.com/v1/projects/\(firebaseProject)/accounts:batchCreate" }
        var configuration = GenkanConfiguration(database: location, publicDirectory: publicDirectory)
        configuration.trustedProxies = proxies
        if let pool { configuration.workerThreads = pool }
        if let timeout { configuration.postgres.statementTimeoutMilliseconds = timeout * 1000 }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        configuration.baseURL = baseURL
        if let smtp {
            configuration.mail.transport = .smtp(url: smtp, caFile: smtpCA)
        } else {
            configuration.mail.transport = .directory(outbox ?? "outbox")
        }
        if let mailFrom { configuration.mail.from = mailFrom }
        if let mailRetry { configuration.mail.retry.initialDelay = .seconds(mailRetry) }
        configuration.requireVerified = requireVerified
        configuration.privateSignUp = privateSignUp
        if let twoFactorKeyFile { configuration.twoFactorKeys = try Self.twoFactorKeys(twoFactorKeyFile) }
        configuration.requireTwoFactor = requireTwoFactor
        configuration.identityProviders = identityProviders
        configuration.providerClient.caFile = providerCA
        configuration.firebaseProject = firebaseProject
        configuration.firebaseEmulator = firebaseEmulator
        configuration.firebaseServiceAccounts = serviceAccounts
        configuration.authorizedDomains = authorizedDomains
        configuration.anonymousLifetime = anonymousLifetime
        configuration.operators = operators
        let log = AccessLog(format: AccessLog.Format(rawValue: format) ?? .text, loops: loops)
        let site: GenkanSite
        do {
            site = try GenkanSite(configuration: configuration, server: server, accessLog: log)
        } catch {
            log.close()
            Terminal.error("genkan serve: \(error)")
            return ExitStatus.failure
        }
        Terminal.error(
            "genkan: serving http://\(shownHost):\(site.port)/ with \(loops) loop\(loops == 1 ? "" : "s"), database \(location) "
                + "(\(configuration.workerThreads) connection\(configuration.workerThreads == 1 ? "" : "s"))")
        if let firebaseProject {
            Terminal.error(
                "genkan: Firebase Authentication API for project \(firebaseProject) at http://\(shownHost):\(site.port)/"
                    + (firebaseEmulator ? " (emulator mode: unsigned tokens)" : ""))
        }
        if !proxies.isEmpty {
            Terminal.error("genkan: X-Forwarded-For and X-Forwarded-Proto believed from \(proxies.networks.map(\.description).joined(separator: ", "))")
        }
        let capacity = site.capacity
        let raised = capacity.initialDescriptorLimit < capacity.descriptorLimit ? ", raised from \(capacity.initialDescriptorLimit)" : ""
        Terminal.error(
            "genkan: up to \(capacity.connections) connections (\(capacity.connectionsPerLoop) per loop; descriptor limit "
                + "\(capacity.descriptorLimit)\(raised), \(capacity.openAtStart) open at start)")
        switch configuration.mail.transport {
        case .directory(let directory): Terminal.error("genkan: mail goes to the directory \(directory) (--smtp sends it)")
        case .smtp: Terminal.error("genkan: mail goes through \(Self.redacted(smtp ?? ""))")
        }
        if let passkeys = site.passkeysUnavailable { Terminal.error("genkan: \(passkeys)") }
        let base = baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "http://\(shownHost):\(site.port)"
        for provider in identityProviders {
            Terminal.error("genkan: sign-in with \(provider.name) (\(provider.issuer)), redirect URI \(base)/signin/\(provider.name)/callback")
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        Terminal.error("genkan: \(received == SIGINT ? "SIGINT" : "SIGTERM") received, finishing requests in progress")
        site.stop()
        log.close()
        Terminal.error("genkan: stopped")
        return ExitStatus.success
    }

    /// The providers of `--oidc-config` and the `--oidc*` options, checked (Apple's key read).
    static func identityProviders(_ arguments: inout Arguments) throws -> [OIDCProviderConfiguration] {
        var settings: [OIDCProviderSettings] = []
        if let file = try arguments.option("--oidc-config") {
            guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("--oidc-config: cannot read '\(file)'") }
            do {
                settings = try OIDCProviderSettings.list(fromJSON: Array(data), source: file)
            } catch {
                throw UsageError(error.message)
            }
        }
        for entry in try arguments.options("--oidc") {
            let (name, issuer) = Self.pair(entry)
            guard !settings.contains(where: { $0.name == name }) else { throw UsageError("oidc provider '\(name)' is given twice") }
            var provider = OIDCProviderSettings(name: name)
            provider.issuer = issuer
            settings.append(provider)
        }
        func assign(_ option: String, _ set: (inout OIDCProviderSettings, String) -> Void) throws {
            for entry in try arguments.options(option) {
                let (name, value) = Self.pair(entry)
                guard let value, let index = settings.firstIndex(where: { $0.name == name }) else {
                    throw UsageError("\(option) takes NAME=VALUE for a provider given with --oidc NAME, not '\(entry.split(separator: "=").first ?? "")'")
                }
                set(&settings[index], value)
            }
        }
        try assign("--oidc-client-id") { $0.clientID = $1 }
        try assign("--oidc-client-secret") { $0.clientSecret = $1 }
        let appleOptions = [
            ("--oidc-apple-team-id", \OIDCProviderSettings.appleTeamID), ("--oidc-apple-key-id", \.appleKeyID),
            ("--oidc-apple-key", \.appleKeyFile),
        ]
        for (option, field) in appleOptions {
            guard let value = try arguments.option(option) else { continue }
            guard let index = settings.firstIndex(where: { $0.name == "apple" }) else { throw UsageError("\(option) goes with --oidc apple") }
            settings[index][keyPath: field] = value
        }
        do {
            return try settings.map { settings throws(OIDCConfigurationError) in try OIDCProviderConfiguration(settings) }
        } catch {
            throw UsageError(error.message)
        }
    }

    /// `NAME=VALUE` split at the first `=`; the value is nil without one.
    static func pair(_ entry: String) -> (String, String?) {
        guard let equals = entry.firstIndex(of: "=") else { return (entry, nil) }
        return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
    }

    /// A Firebase project id: 1 to 63 lower-case letters, digits and hyphens, starting with a letter.
    static func isProjectID(_ text: String) -> Bool {
        guard let first = text.utf8.first, (0x61...0x7A).contains(first), text.utf8.count <= 63 else { return false }
        return text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// The SMTP URL without its password, for the log.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url.range(of: "@", range: scheme.upperBound..<url.endIndex) else { return url }
        let userInfo = url[scheme.upperBound..<at.lowerBound]
        let user = userInfo.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return String(url[..<scheme.upperBound]) + user + ":***" + String(url[at.lowerBound...])
    }

}

extension ServeCommand {
    /// The keys of `--two-factor-key FILE`: read, or, when the file does not exist, made (one new
    /// key, mode 0600, created exclusively so two servers starting at once cannot both write it).
    static func twoFactorKeys(_ path: String) throws -> TwoFactorKeys {
        if !FileManager.default.fileExists(atPath: path) {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if descriptor >= 0 {
                let text = Array(TwoFactorKeys.newFileText().utf8)
                let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                guard written == text.count else { throw UsageError("--two-factor-key: cannot write '\(path)'") }
                Terminal.error("genkan: made a new second-factor key in \(path); keep it with the configuration, not with the database's backups")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("--two-factor-key: cannot read '\(path)'") }
        do throws(TwoFactorKeys.FileProblem) {
            return try TwoFactorKeys(fileText: String(decoding: data, as: UTF8.self))
        } catch {
            throw UsageError("--two-factor-key: \(path): \(error)")
        }
    }
}
