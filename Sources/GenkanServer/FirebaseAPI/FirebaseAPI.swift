import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// The Firebase Authentication REST API over the site's account store, as the Auth emulator
/// answers it, so an app switched to the emulator (`useEmulator`, `connectAuthEmulator`,
/// `FIREBASE_AUTH_EMULATOR_HOST`) works against Genkan unmodified. Registered by `GenkanApp` only
/// with `--firebase-project ID`.
///
/// Each endpoint family is an extension in its own file; requests are read by `FirebaseBody`,
/// refused by `FirebaseErrors`, and answered through the worker pool with the store's operations,
/// the site's limits (`FirebaseLimits`, and the sign-in limits through `checks`) and the site's
/// mail.
struct FirebaseAPI: SiteFeature {
    /// The site's own pool, operations and sign-in limits (`checks`, shared with the page's
    /// sign-in); a store failure is 503 `UNAVAILABLE` while the database cannot be reached, else
    /// 500, with the operator's line.
    let site: SiteServices
    let project: String
    /// `--firebase-emulator`: unsigned tokens, the admin endpoints for `Bearer owner`, the
    /// emulator's own endpoints.
    let isEmulator: Bool
    /// The site's mails, for the links the emulator lists and the admin endpoints return.
    let mail: SiteMail
    let resetRequests: ResetRequests
    let tokens: IDTokens
    /// The OpenID providers `accounts:signInWithIdp` verifies ID tokens of (`--oidc`), and
    /// whether only a verified address may make an account (`--private-signup`).
    var identity: IdentityProviders? = nil
    var isPrivate = false
    /// The service accounts whose keys sign custom tokens and the admin endpoints' bearer tokens
    /// (`--firebase-service-account`).
    var serviceAccounts = ServiceAccounts([])
    /// Where a sign-in link may lead (`continueUrl`) outside emulator mode: the site's origin and
    /// `--authorized-domain` origins.
    var continueOrigins = ContinueOrigins(entries: [])
    /// Firebase's provider id of each configured provider name (`google` → `google.com`), for
    /// `providerUserInfo`.
    var providerIDs: [String: String] = [:]

    /// How recent a sign-in a sensitive change (password, address, deletion) needs, in seconds.
    static let recentSignIn: Int64 = 300

    static let identityToolkit = "/identitytoolkit.googleapis.com"
    static let legacyToolkit = "/www.googleapis.com/identitytoolkit/v3/relyingparty"
    static let secureToken = "/securetoken.googleapis.com"
    static let emulatorPrefix = "/emulator"
    /// Where the public key of the ID tokens is published (RFC 8414's well-known location for a
    /// JWKS is `jwks_uri`; this is the path the README documents).
    static let jwksPath = secureToken + jwksSuffix
    private static let jwksSuffix = "/v1/jwks"
    /// The prefixes the API's CORS and error presenter cover.
    static let prefixes = [identityToolkit, legacyToolkit, secureToken, emulatorPrefix]

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        let body = FirebaseBody(texts: texts)
        let errors = FirebaseErrors()
        let limits = FirebaseLimits(shared: shared, rules: rules, tokens: tokens, clock: clock)
        // Unknown paths and wrong methods under every prefix are refused in Firebase's shape too.
        for prefix in Self.prefixes where prefix != Self.emulatorPrefix || isEmulator {
            _ = router.group(prefix).presenting(errors)
        }

        let v1 = router.group(Self.identityToolkit + "/v1").presenting(errors).narrowed(by: body)
        let v3 = router.group(Self.legacyToolkit).presenting(errors).narrowed(by: body)
        // The endpoints, by v1 name and by the legacy name the iOS SDK still calls.
        let endpoints: [(v1: String, v3: String, limits: [any Middleware<APIContext, APIContext>], handler: RouteHandler<APIContext>)] = [
            ("accounts:signUp", "signupNewUser", [limits.signUpPerClient, limits.anonymousPerClient], signUp),
            // Sign-in's limits apply around the password check itself (`checks`), not before it.
            ("accounts:signInWithPassword", "verifyPassword", [], signInWithPassword),
            ("accounts:lookup", "getAccountInfo", [], lookup),
            ("accounts:sendOobCode", "getOobConfirmationCode", [limits.resetPerClient, limits.resetPerAccount, limits.mailPerAccount], sendOOBCode),
            ("accounts:resetPassword", "resetPassword", [limits.codePerClient], resetPassword),
            ("accounts:update", "setAccountInfo", [limits.codePerClient], update),
            ("accounts:delete", "deleteAccount", [], delete),
            ("accounts:createAuthUri", "createAuthUri", [], createAuthURI),
            ("accounts:signInWithIdp", "verifyAssertion", [limits.providerSignInPerClient], signInWithIdp),
            ("accounts:signInWithCustomToken", "verifyCustomToken", [limits.customTokenPerClient], signInWithCustomToken),
            ("accounts:signInWithEmailLink", "emailLinkSignin", [limits.codePerClient], signInWithEmailLink),
        ]
        for endpoint in endpoints {
            v1.group("", endpoint.limits).post("/" + endpoint.v1, use: endpoint.handler)
            v3.group("", endpoint.limits).post("/" + endpoint.v3, use: endpoint.handler)
        }
        registerMultiFactor(on: router.group(Self.identityToolkitV2).presenting(errors).narrowed(by: body), limits: limits)
        let secureToken = router.group(Self.secureToken).presenting(errors).narrowed(by: FirebaseBody(texts: texts, acceptsForm: true))
        secureToken.post("/v1/token", use: refreshToken)
        secureToken.get(Self.jwksSuffix, use: publishKeys)

        registerAdministration(
            on: v1.group("/projects/{project}", AdminAccess(project: project, isEmulator: isEmulator, serviceAccounts: serviceAccounts, clock: clock)))
        if isEmulator {
            registerEmulator(on: router.group(Self.emulatorPrefix + "/v1/projects/{project}").presenting(errors).narrowed(by: body))
        }
        // Where the links of sign-in mails lead first: on to the app's `continueUrl`.
        // The code is in the URL: no page may send it on in a Referer header.
        router.group("", SecurityHeaders(noReferrer: true)).get(Self.actionPath, use: action)
    }

    // MARK: Answering

    /// Where a job runs.
    enum Lane: Sendable {
        /// Database work for a request, first come first served.
        case interactive(HTTPRequest, APIContext)
        /// Password hashing, in the fair hashing queue under the request's client
        /// (`WorkerPool.hashing`): when it cannot wait its turn, 503 `UNAVAILABLE` with
        /// `Retry-After`, which gives back the attempt a limit counted.
        case hashing(HTTPRequest, APIContext)
    }

    /// Runs `work` on the pool and answers its JSON with 200, or its error in Firebase's shape.
    func answer(_ lane: Lane, _ work: @escaping @Sendable (Authenticator) -> Result<JSONValue, FirebaseError>) -> Reply {
        let then: @Sendable (Result<JSONValue, FirebaseError>) -> Reply = { result in
            switch result {
            case .success(let body): .response(Responses.json(200, body))
            case .failure(let error): .response(error.response)
            }
        }
        switch lane {
        case .interactive(let request, let context): return pool.reply(.interactive, for: request, context, work, then: then)
        case .hashing(let request, let context): return pool.hashing(request, context, work, then: then)
        }
    }

    /// `answer(.interactive(request, context))` for work whose only failure is the store's (`storeFailure`).
    func answerFromStore(
        _ request: HTTPRequest, _ context: APIContext, _ work: @escaping @Sendable (Authenticator) throws -> JSONValue
    ) -> Reply {
        answer(.interactive(request, context)) { core in
            do {
                return .success(try work(core))
            } catch {
                return .failure(self.storeFailure(error, request))
            }
        }
    }

    /// The Firebase error of a store failure; a store error is written to the operator's log.
    func error(_ failure: AuthFailure, _ request: HTTPRequest) -> FirebaseError {
        if case .internalError(let error) = failure { failures.record(error, request: request) }
        return FirebaseError(failure: failure)
    }

    /// The answer to a store error thrown inside a job: `UNAVAILABLE` (503) while the database
    /// cannot be reached, else `INTERNAL_ERROR`; and a line in the log.
    func storeFailure(_ error: any Error, _ request: HTTPRequest) -> FirebaseError {
        failures.record(error, request: request)
        return FirebaseError(storeError: error)
    }

    static func failure(_ error: FirebaseError) -> Reply {
        .response(error.response)
    }

    /// Runs `body`, turning a thrown `FirebaseError` into its response.
    static func reading(_ body: () throws(FirebaseError) -> Reply) -> Reply {
        do { return try body() } catch { return failure(error) }
    }

    /// The account an ID token names, checked against the store: it exists and was made before the
    /// token was issued (`USER_NOT_FOUND`: a uid is a name an app may give again, and a token of the
    /// deleted account that had it must not open the new one), is not disabled (`USER_DISABLED`),
    /// and the token was issued at or after its `valid_since` (`TOKEN_EXPIRED`: a password reset or
    /// change, or a revocation, since).
    static func account(
        _ claims: IDTokenClaims, in core: Authenticator
    ) -> Result<AccountProfile, FirebaseError> {
        do {
            guard let profile = try core.profile(uid: claims.uid), claims.issuedAt >= profile.account.createdAt else {
                return .failure(FirebaseError(.userNotFound))
            }
            // Disabled first: disabling also sets `valid_since`, and the holder should hear why.
            if profile.account.isDisabled { return .failure(FirebaseError(.userDisabled)) }
            if let validSince = profile.account.validSince, claims.issuedAt < validSince {
                return .failure(FirebaseError(.tokenExpired))
            }
            return .success(profile)
        } catch {
            return .failure(FirebaseError(storeError: error))
        }
    }

    /// The claims of the request's `idToken`: `MISSING_ID_TOKEN` without one, otherwise as
    /// `IDTokens.verify` says.
    func claims(_ fields: APIRequestBody) throws(FirebaseError) -> IDTokenClaims {
        guard let token = try fields.string("idToken") else { throw FirebaseError(.missingIDToken) }
        return try tokens.verify(token, now: clock.now()).get()
    }

    /// The requester an ID token proves, once `account(_:in:)` found its account, for the core's
    /// operations (which check it again inside their transaction).
    static func requester(_ claims: IDTokenClaims, _ profile: AccountProfile) -> Requester {
        .idToken(accountID: profile.account.id, issuedAt: claims.issuedAt)
    }

    /// `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` unless the token's sign-in was within `recentSignIn`.
    func requireRecentSignIn(_ claims: IDTokenClaims) throws(FirebaseError) {
        guard clock.now() - claims.authTime <= Self.recentSignIn else { throw FirebaseError(.credentialTooOld) }
    }

    /// The tokens of a sign-in: `idToken`, `refreshToken`, `expiresIn` (a string, as Firebase sends it).
    func tokenFields(
        _ profile: AccountProfile, authTime: Int64, refreshToken: String, provider: String = "password", claims: String? = nil
    ) -> JSONValue.Members {
        [
            ("idToken", .string(tokens.token(
                for: profile.account, photoURL: profile.photoURL, authTime: authTime, now: clock.now(), provider: provider, claims: claims))),
            ("refreshToken", .string(refreshToken)),
            ("expiresIn", .string(String(IDTokens.lifetime))),
        ]
    }
}
