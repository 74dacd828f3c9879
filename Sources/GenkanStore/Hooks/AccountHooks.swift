/// The operator's blocking hooks as the core sees them (`--before-create`, `--before-sign-in`):
/// asked, synchronously, before an account is created and before a session or token is issued,
/// whatever the door. The server implements it over its HTTP client (`GenkanServer`'s
/// `SiteHooks`, over `GenkanWebhooks.BlockingHook`), so the core knows nothing of HTTP, signing or
/// JSON answers, and a test can implement it directly.
///
/// `ask` blocks the calling worker thread for as long as the hook takes (the implementation bounds
/// it). The core never calls it inside a transaction: nothing is locked while a hook thinks.
public protocol AccountHooks: Sendable {
    /// Whether a hook is configured for `moment` (the core builds no subject for one that is not).
    func asks(_ moment: HookMoment) -> Bool
    /// What the hook says about `subject`. An implementation resolves an unreachable hook itself
    /// (`--hooks-fail open` is `.allowed` with no changes, `closed` is `.unavailable`) and logs it.
    func ask(_ subject: HookSubject) -> HookVerdict
}

/// When a hook is asked.
public enum HookMoment: String, Sendable, Hashable, CaseIterable {
    /// Before an account is stored: its input checked, nothing written yet.
    case beforeCreate
    /// After the credentials (and a second factor) were checked, before a session or token exists.
    case beforeSignIn
}

/// The account a hook is asked about — as it is, or before creation as it will be (its uid is
/// chosen before the hook is asked and kept) — and where the request came from. No password, hash,
/// token or code is ever in it.
public struct HookSubject: Sendable, Hashable {
    public var moment: HookMoment
    public var uid: String
    /// Nil for an account without an address (anonymous).
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String
    public var photoURL: String?
    public var disabled: Bool
    /// The account's custom claims, a JSON object's text; nil for none.
    public var customClaims: String?
    /// The provider ids of its ways in (`password`, `google.com`, …).
    public var providers: [String]
    /// Unix seconds; nil before the account exists.
    public var createdAt: Int64?
    public var lastSignInAt: Int64?
    /// What proved this sign-up or sign-in: `password`, `emailLink`, `passkey`, `anonymous`, or a
    /// provider id.
    public var signInMethod: String
    /// The request's client, browser, door and language (the job's `Authenticator.origin`).
    public var origin: EventOrigin

    public init(
        moment: HookMoment, uid: String, email: String?, emailVerified: Bool, displayName: String, photoURL: String?, disabled: Bool,
        customClaims: String?, providers: [String], createdAt: Int64?, lastSignInAt: Int64?, signInMethod: String, origin: EventOrigin
    ) {
        self.moment = moment
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoURL = photoURL
        self.disabled = disabled
        self.customClaims = customClaims
        self.providers = providers
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
        self.signInMethod = signInMethod
        self.origin = origin
    }
}

/// What a hook decided.
public enum HookVerdict: Sendable, Hashable {
    /// Go on, with these changes (none for a plain yes).
    case allowed(HookChanges)
    /// The hook refused; `code` (`PERMISSION_DENIED`, …) and `message` are its own, for the API's
    /// answer (a page shows its own localized sentence, never this).
    case refused(code: String, message: String)
    /// The hook could not be asked and the server fails closed: refused, with a message that says
    /// to try again later rather than "not allowed".
    case unavailable
}

/// The changes an allowing hook asked for, already checked by the implementation (claims as
/// Firebase checks custom claims, a name with its comparison key); each nil leaves the value alone.
public struct HookChanges: Sendable, Hashable {
    /// The account's new custom claims (a checked JSON object's text); `.some(nil)` removes them.
    public var customClaims: String??
    /// Claims for the tokens of this sign-in only (a checked JSON object's text), kept with its
    /// refresh token; a browser session has no tokens and ignores them.
    public var sessionClaims: String?
    public var displayName: String?
    /// `displayName`'s comparison key.
    public var nameKey: String?
    public var photoURL: String?
    public var disabled: Bool?
    public var emailVerified: Bool?

    public init(
        customClaims: String?? = nil, sessionClaims: String? = nil, displayName: String? = nil, nameKey: String? = nil,
        photoURL: String? = nil, disabled: Bool? = nil, emailVerified: Bool? = nil
    ) {
        self.customClaims = customClaims
        self.sessionClaims = sessionClaims
        self.displayName = displayName
        self.nameKey = nameKey
        self.photoURL = photoURL
        self.disabled = disabled
        self.emailVerified = emailVerified
    }

    /// Whether the account itself changes (session claims alone change nothing stored).
    var changesAccount: Bool {
        customClaims != nil || displayName != nil || photoURL != nil || disabled != nil || emailVerified != nil
    }
}
