import GenkanLocalization
import GenkanStore
import GenkanValidation

/// How the Genkan site runs: its database, its files, and its security limits.
public struct GenkanConfiguration: Sendable {
    /// The SQLite file (created on first start, migrated on later ones).
    public var databasePath: String
    /// The directory of static files (`public/`), or nil to serve none.
    public var publicDirectory: String?
    /// Believe `X-Forwarded-Proto` and `X-Forwarded-For` from the proxy in front.
    public var trustProxy: Bool = false
    public var sessionPolicy: SessionPolicy = .standard
    public var hasher: PasswordHasher = .owaspMinimum
    public var rateLimits: RateLimits = .standard
    /// Threads for hashing and database work; default one per core.
    public var workerThreads: Int = HTTPServerConfiguration.processorCount
    public var clock: StoreClock = .system
    /// The rules every form is checked with (e-mail, password policy, names).
    public var validation = ValidationViewModel()
    /// The catalog every text comes from, and its locale negotiation.
    public var messages = AuthErrorModel()

    public init(databasePath: String, publicDirectory: String? = "public") {
        self.databasePath = databasePath
        self.publicDirectory = publicDirectory
    }
}

/// How many attempts a client address and an account may make.
public struct RateLimits: Sendable {
    /// Sign-in attempts per client address.
    public var signInPerAddress: RateLimiter.Rule
    /// Sign-in attempts per e-mail address (known or not, so the limit reveals nothing).
    public var signInPerAccount: RateLimiter.Rule
    /// Sign-ups per client address.
    public var signUpPerAddress: RateLimiter.Rule

    /// 20 sign-ins at once then 10 a minute per address; 10 then 5 a minute per account;
    /// 10 sign-ups at once then 10 an hour per address.
    public static let standard = RateLimits(
        signInPerAddress: .init(capacity: 20, refillPerMinute: 10),
        signInPerAccount: .init(capacity: 10, refillPerMinute: 5),
        signUpPerAddress: .init(capacity: 10, refillPerMinute: 10.0 / 60))

    public init(signInPerAddress: RateLimiter.Rule, signInPerAccount: RateLimiter.Rule, signUpPerAddress: RateLimiter.Rule) {
        self.signInPerAddress = signInPerAddress
        self.signInPerAccount = signInPerAccount
        self.signUpPerAddress = signUpPerAddress
    }
}
