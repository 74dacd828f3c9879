/// An account to import from another system (a Firebase export, `accounts:batchCreate`, another
/// Genkan's export), its fields already checked and normalized by the door that read them, as
/// every operation's inputs are.
public struct ImportedAccount: Sendable, Hashable {
    /// The account's uid (Firebase's `localId`), kept: ID tokens and the app's own records name it.
    public var uid: String
    /// The normalized address (GenkanValidation's `normalizedEmail`), or nil for none.
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String
    public var nameKey: String
    public var photoURL: String?
    public var disabled: Bool
    /// Seconds since 1970; nil for the time of the import.
    public var createdAt: Int64?
    public var lastSignInAt: Int64?
    /// A JSON object the door checked (`DeveloperClaims`), or nil.
    public var customClaims: String?
    /// The identities at OpenID providers the account signs in with.
    public var identities: [Identity]
    /// Made by an anonymous sign-up and given nothing since (another Genkan's export says so):
    /// no address, password or identity; deleted once unused for the anonymous lifetime, as here.
    public var anonymous: Bool
    /// What signs in with the account's password: a hash made elsewhere, or one of Genkan's own
    /// (another Genkan's export); nil for an account without a password.
    public var password: Password? {
        didSet { storedPassword = password?.stored }
    }
    /// The text the store keeps for `password`, made when it is set: by the door that reads the
    /// account (an import's reading thread), not by the transaction that writes it.
    public private(set) var storedPassword: String?

    /// A password hash an import brings.
    public enum Password: Sendable, Hashable {
        /// Made by another system; replaced by Argon2id at the first right password.
        case imported(ImportedPasswordHash)
        /// A Genkan's own Argon2id PHC string, as another Genkan exported it.
        case argon2id(String)

        /// The text the store keeps.
        public var stored: String {
            switch self {
            case .imported(let hash): hash.stored
            case .argon2id(let text): text
            }
        }
    }

    /// An identity at a provider: its configured name, issuer and subject (Firebase's `rawId`).
    public struct Identity: Sendable, Hashable {
        public var provider: String
        public var issuer: String
        public var subject: String
        public var email: String?

        public init(provider: String, issuer: String, subject: String, email: String?) {
            self.provider = provider
            self.issuer = issuer
            self.subject = subject
            self.email = email
        }
    }

    public init(
        uid: String, email: String? = nil, emailVerified: Bool = false, displayName: String = "", nameKey: String = "",
        photoURL: String? = nil, disabled: Bool = false, createdAt: Int64? = nil, lastSignInAt: Int64? = nil,
        customClaims: String? = nil, identities: [Identity] = [], password: Password? = nil, anonymous: Bool = false
    ) {
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.nameKey = nameKey
        self.photoURL = photoURL
        self.disabled = disabled
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
        self.customClaims = customClaims
        self.identities = identities
        self.anonymous = anonymous
        self.password = password
        storedPassword = password?.stored
    }
}
