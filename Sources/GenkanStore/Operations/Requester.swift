/// Who asks for an operation on an account, as the door proved it: a page proves a signed-in
/// browser (and, for a sensitive change, its current password), the Firebase-compatible API an ID
/// token (and a recent sign-in), an administrator its credential. Operations take the requester,
/// not an account id alone, and check it again inside their transaction: a session may have ended,
/// a token been revoked or an account been disabled while a password was being hashed.
public enum Requester: Sendable, Hashable {
    /// A signed-in browser, by its session token.
    case session(token: String)
    /// An API client holding a verified ID token for `accountID`, issued at `issuedAt` (void when
    /// the account's `valid_since`, or its creation, is later).
    case idToken(accountID: Int64, issuedAt: Int64)
    /// An operator or the emulator's admin endpoints: any account, disabled or not.
    case administrator(accountID: Int64)
    /// An administrator in the console, acting on `accountID` (any account, disabled or not) from
    /// the browser session `sessionToken` of the account `administratorUID`: the session must be
    /// live, its account still an enabled administrator that proved its password within
    /// `Authenticator.consoleReauthentication`.
    case console(accountID: Int64, sessionToken: String, administratorUID: String)
}

extension Requester {
    /// Who the events of the requester's operations name: the account's holder, or for the API's
    /// administrative credential (a service account, the emulator) the system, which has no uid
    /// here.
    var actor: EventActor {
        switch self {
        case .session, .idToken: .user
        case .administrator: .system
        case .console(_, _, let uid): .administrator(uid: uid)
        }
    }

    /// Whether someone other than the account's holder acts (the operator's tools, the console).
    var isAdministrative: Bool {
        switch self {
        case .session, .idToken: false
        case .administrator, .console: true
        }
    }
}

/// What a requester gets back after an operation that ends every credential of the account (a
/// password change or reset): nothing, a new browser session, or new API tokens.
public enum CredentialRenewal: Sendable, Hashable {
    case none
    /// A new session for the browser, with its `User-Agent`.
    case session(userAgent: String?)
    /// A new refresh token and sign-in time, as a sign-in with the new password gives.
    case tokens
}

/// The credentials an operation issued (`CredentialRenewal`).
public enum IssuedCredentials: Sendable, Hashable {
    case none
    /// The session's token (its only copy, for the cookie) and the session.
    case session(token: String, session: Session)
    /// The sign-in time and the refresh token (its only copy).
    case tokens(authTime: Int64, refreshToken: String)
}

/// An account changed by an operation, and the credentials it issued.
public struct Renewed: Sendable, Hashable {
    public let account: Account
    public let credentials: IssuedCredentials

    /// The new browser session's token, when one was issued.
    public var sessionToken: String? {
        if case .session(let token, _) = credentials { token } else { nil }
    }

    /// The new API tokens, when they were issued.
    public var tokens: (authTime: Int64, refreshToken: String)? {
        if case .tokens(let authTime, let refreshToken) = credentials { (authTime, refreshToken) } else { nil }
    }
}

extension Authenticator {
    /// The account the requester may act for, read inside the caller's transaction.
    ///
    /// - Returns: the account (and, for a session, its stored row), or `.userTokenExpired` (the
    ///   session ended, the ID token was revoked), `.userNotFound`, `.userDisabled`.
    func resolve(_ requester: Requester) throws(StoreError) -> Result<ResolvedRequester, AuthFailure> {
        switch requester {
        case .session(let token):
            guard let session = try store.unexpiredSession(token: token) else { return .failure(.userTokenExpired) }
            if session.account.isDisabled { return .failure(.userDisabled) }
            return .success(ResolvedRequester(account: session.account, session: session))
        case .idToken(let accountID, let issuedAt):
            // A token older than the account was issued for an earlier account with its uid.
            guard let account = try store.account(id: accountID), issuedAt >= account.createdAt else { return .failure(.userNotFound) }
            if account.isDisabled { return .failure(.userDisabled) }
            if let validSince = account.validSince, issuedAt < validSince { return .failure(.userTokenExpired) }
            return .success(ResolvedRequester(account: account, session: nil))
        case .administrator(let accountID):
            guard let account = try store.account(id: accountID) else { return .failure(.userNotFound) }
            return .success(ResolvedRequester(account: account, session: nil))
        case .console(let accountID, let token, let administratorUID):
            // The console's own session first: a role revoked or a session ended while the page
            // was open stops the action here, inside its transaction.
            guard let console = try store.unexpiredSession(token: token), console.account.uid == administratorUID,
                console.account.isAdministrator, !console.account.isDisabled
            else { return .failure(.userTokenExpired) }
            guard store.clock.now() - console.session.authenticatedAt <= Self.consoleReauthentication else {
                return .failure(.requiresRecentLogin)
            }
            guard let account = try store.account(id: accountID) else { return .failure(.userNotFound) }
            return .success(ResolvedRequester(account: account, session: nil))
        }
    }

    /// Runs `body` for the requester's account in one transaction, once `resolve` has found the
    /// requester still entitled to act; a store error is `.internalError`.
    func acting<T>(
        as requester: Requester, _ body: (ResolvedRequester) throws(StoreError) -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        attempt { () throws(StoreError) in
            try store.transaction { () throws(StoreError) -> Result<T, AuthFailure> in
                switch try resolve(requester) {
                case .failure(let failure): return .failure(failure)
                case .success(let resolved): return try body(resolved)
                }
            }
        }
    }

    /// Issues what `renewal` asks for, for an account whose every credential just ended.
    func renew(_ renewal: CredentialRenewal, for account: Account) throws(StoreError) -> IssuedCredentials {
        switch renewal {
        case .none:
            return .none
        case .session(let userAgent):
            let (token, session) = try store.createSession(accountID: account.id, userAgent: userAgent)
            return .session(token: token, session: session)
        case .tokens:
            let now = store.clock.now()
            try store.recordLogin(accountID: account.id)
            return .tokens(authTime: now, refreshToken: try store.createRefreshToken(accountID: account.id, authTime: now))
        }
    }

    /// The account after the transaction's writes, or `fallback` when it is gone.
    func reread(_ fallback: Account) throws(StoreError) -> Account {
        try store.account(id: fallback.id) ?? fallback
    }
}

/// A requester's account, and for a browser its session as stored.
struct ResolvedRequester {
    let account: Account
    let session: AccountStore.StoredSession?
}
