import GenkanHTTP
import GenkanHTTPClient
import GenkanLocalization
import GenkanMail
import GenkanOIDC
import GenkanStore
import GenkanThreads
import GenkanValidation

/// How the Genkan site runs: its database, its files, and its security limits.
public struct GenkanConfiguration: Sendable {
    /// The database (created on first start, migrated on later ones).
    public var database: StoreLocation
    /// The directory of static files (`public/`), or nil to serve none.
    public var publicDirectory: String?
    /// The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`--trust-proxy`);
    /// from any other peer those headers are ignored.
    public var trustedProxies: TrustedProxies = .none
    public var sessionPolicy: SessionPolicy = .standard
    /// How long reset and verification links work.
    public var codePolicy: ActionCodePolicy = .standard
    /// The site's address as visitors reach it (`https://example.com`): every link in a mail
    /// starts with it; the request's `Host` header is never used. Nil: the address the server
    /// listens on.
    public var baseURL: String?
    /// Where mail goes and who sends it.
    public var mail = MailSettings()
    /// A signed-in account whose address is not verified reaches only the "verify your e-mail"
    /// page (`--require-verified`).
    public var requireVerified = false
    /// Sign-up answers every address alike, in equal time, and tells the owner of an address in
    /// use by mail (`--private-signup`); otherwise an address in use gets
    /// `auth/email-already-in-use`, as Firebase answers.
    public var privateSignUp = false
    /// The keys that seal TOTP secrets (`--two-factor-key FILE`); nil: second factors cannot be
    /// added or checked on this server.
    public var twoFactorKeys: TwoFactorKeys?
    /// Every account adds a second factor before it reaches any other page of the site
    /// (`--require-two-factor`; needs `twoFactorKeys`).
    public var requireTwoFactor = false
    /// Serve the Firebase Authentication REST API for this project id (`--firebase-project`);
    /// nil serves none.
    public var firebaseProject: String?
    /// The API answers as the Auth emulator does (`--firebase-emulator`): unsigned ID tokens, the
    /// admin endpoints for `Authorization: Bearer owner`, the emulator's own endpoints.
    public var firebaseEmulator = false
    /// Service accounts whose keys sign custom tokens and admin bearer tokens
    /// (`--firebase-service-account`); each must belong to `firebaseProject`.
    public var firebaseServiceAccounts: [FirebaseServiceAccount] = []
    /// Where a sign-in link may lead besides the site's own origin (`--authorized-domain`): origins
    /// (`https://app.example`) or host names (`app.example`). Emulator mode allows any.
    public var authorizedDomains: [String] = []
    /// Anonymous accounts unused this many seconds are deleted (`--anonymous-lifetime` days,
    /// default 30); nil keeps them.
    public var anonymousLifetime: Int64? = 30 * 86_400
    public var hasher: PasswordHasher = .owaspMinimum
    public var rateLimits: RateLimits = .standard
    /// Threads for hashing and database work, each with its own database connection (`--db-pool-size`):
    /// by default one per core on SQLite, and twice that (at least 4) on PostgreSQL, whose round
    /// trips leave a thread waiting.
    public var workerThreads: Int
    /// How many of those threads may hash passwords at once (one per core: more would only share
    /// the cores).
    public var hashingThreads: Int = HTTPServerConfiguration.processorCount
    /// How PostgreSQL connections behave: the statement timeout (`--db-timeout`).
    public var postgres: PostgresOptions = .standard
    /// How hashing work waits for those threads: fairly by client, each client's share bounded.
    public var hashingQueue = HashingQueue()
    /// How long a pre-session (the cookie anonymous forms' tokens are bound to) lasts, in seconds.
    public var preSessionLifetime: Int64 = 24 * 3600
    public var clock: StoreClock = .system
    /// The rules every form is checked with (e-mail, password policy, names).
    public var validation = ValidationViewModel()
    /// The catalog every text comes from, and its locale negotiation.
    public var messages = AuthErrorModel()
    /// Where operator messages and security events go (standard error).
    public var errorLog = ErrorLog()
    /// OpenID providers to sign in with (`--oidc`), their buttons in this order.
    public var identityProviders: [OIDCProviderConfiguration] = []
    /// How the site calls providers (timeouts, size limit, `--oidc-ca`).
    public var providerClient = HTTPClient()
    /// An ID token with an unknown key id fetches its provider's keys again at most this often
    /// (seconds).
    public var providerKeyRefreshInterval = 5
    /// The event log's retention, webhooks and blocking hooks.
    public var operators = OperatorSettings()

    public init(database: StoreLocation, publicDirectory: String? = "public") {
        self.database = database
        self.publicDirectory = publicDirectory
        workerThreads = Self.defaultPoolSize(for: database)
    }

    /// The default number of database connections (worker threads) for a store.
    public static func defaultPoolSize(for database: StoreLocation) -> Int {
        let cores = HTTPServerConfiguration.processorCount
        return database.isNetworked ? max(4, 2 * cores) : cores
    }
}

/// Who sends the site's mail and how it leaves.
public struct MailSettings: Sendable {
    /// Where messages go.
    public enum Transport: Sendable, Equatable {
        /// `.eml` files in a directory (the default: no mail server needed).
        case directory(String)
        /// An SMTP server: `smtp://[user:pass@]host:port` (STARTTLS) or `smtps://…`; `caFile`
        /// trusts another certificate authority (a test server's).
        case smtp(url: String, caFile: String?)
    }

    /// The `From` address, also the envelope sender.
    public var from = "no-reply@genkan.invalid"
    public var transport: Transport = .directory("outbox")
    /// How often and how long undeliverable mail is retried.
    public var retry = RetryPolicy()

    public init() {}
}

/// How hashing work (Argon2id) waits for the worker threads (`WorkerPool`): one queue per client
/// address (an IPv6 /64), served in turn.
public struct HashingQueue: Sendable {
    /// Jobs one client may have waiting; beyond that, 503 at once.
    public var perClient = 8
    /// Jobs waiting in all (nil: 64 per worker thread, about what they work off in `maximumWait`);
    /// when full, a client with fewer jobs waiting takes the place of the newest job of the client
    /// with the most.
    public var capacity: Int?
    /// How long a request waits its turn at most before it gets 503 with `Retry-After`.
    public var maximumWait: Duration = .seconds(3)

    public init() {}
}

/// How many attempts a client address and an account may make. Every limit but live validation's
/// is kept in the database (`rate_limits`): a restart keeps it and servers on one file share it.
public struct RateLimits: Sendable {
    /// Wrong passwords at sign-in and re-authentication (`SignInThrottle`).
    public var signIn: SignInLimits
    /// Sign-ups per client address.
    public var signUpPerAddress: LimitRule
    /// Password-reset requests per client address (and verification links opened per client
    /// address), and reset requests per e-mail address (known or not).
    public var resetPerAddress: LimitRule
    public var resetPerAccount: LimitRule
    /// "Send the link again" per account, and private sign-ups per e-mail address (each sends a mail).
    public var mailPerAccount: LimitRule
    /// Live validation (`POST /api/validate`) per client address, in memory.
    public var validationPerAddress: LimitRule
    /// Sign-ins through an OpenID provider per client address (the page's starts and the API's
    /// `signInWithIdp`), in memory.
    public var providerSignInPerAddress: LimitRule = .init(capacity: 60, refillPerMinute: 30)
    /// Passkey ceremonies per client address (each start, and each answer, counts), in memory: a
    /// ceremony costs a stored challenge and a signature check, not a password hash.
    public var passkeyPerAddress: LimitRule = .init(capacity: 60, refillPerMinute: 30)
    /// Anonymous sign-ups through the Firebase-compatible API per client address, in the database
    /// (each makes an account): 30 at once, then 30 an hour.
    public var anonymousSignUpPerAddress: LimitRule = .init(capacity: 30, refillPerMinute: 0.5)

    /// `SignInLimits.standard`; 10 sign-ups at once then 10 an hour per address; 10 reset
    /// requests then 10 an hour per address, 3 then 3 an hour per e-mail address; 3 mails then 3
    /// an hour per account; 120 live validations at once then 3 a second per address; 60 provider
    /// sign-ins at once then 30 a minute per address.
    public static let standard = RateLimits(
        signIn: .standard,
        signUpPerAddress: .init(capacity: 10, refillPerMinute: 10.0 / 60),
        resetPerAddress: .init(capacity: 10, refillPerMinute: 10.0 / 60),
        resetPerAccount: .init(capacity: 3, refillPerMinute: 3.0 / 60),
        mailPerAccount: .init(capacity: 3, refillPerMinute: 3.0 / 60),
        validationPerAddress: .init(capacity: 120, refillPerMinute: 180))

    public init(
        signIn: SignInLimits, signUpPerAddress: LimitRule, resetPerAddress: LimitRule, resetPerAccount: LimitRule,
        mailPerAccount: LimitRule, validationPerAddress: LimitRule
    ) {
        self.signIn = signIn
        self.signUpPerAddress = signUpPerAddress
        self.resetPerAddress = resetPerAddress
        self.resetPerAccount = resetPerAccount
        self.mailPerAccount = mailPerAccount
        self.validationPerAddress = validationPerAddress
    }
}
