import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// `accounts:signUp` (`signupNewUser`) and `accounts:signInWithPassword` (`verifyPassword`): an
/// account and its first tokens — with an address and a password, or anonymous (neither), or a
/// password linked to the signed-in user (`idToken` with both, as the JS SDK 10's
/// `linkWithCredential` sends it) — or a sign-in with the password and new tokens. Password work
/// hashes in the pool's fair hashing queue under the request's client, like the pages.
extension FirebaseAPI {
    func signUp(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            // Neither address nor password nor a user to link to: an anonymous sign-up (the SDKs'
            // `signInAnonymously` sends only `returnSecureToken`).
            guard fields.has("email") || fields.has("password") || fields.has("idToken") else { return signUpAnonymously(request, context) }
            if fields.has("idToken") { return linkPassword(request, context) }
            let input = FirebaseInput(rules: rules)
            // With `--private-signup` no answer may tell whether an address has an account, and a
            // sign-up that succeeds must answer with the new account's tokens: every address is
            // refused alike, as Identity Platform refuses sign-up when it is closed. People sign up
            // on the site, whose page answers every address alike.
            if isPrivate { throw FirebaseError(.adminOnlyOperation) }
            let email = try input.email(try fields.string("email"))
            let name = try input.displayName(try fields.string("displayName"))
            let password = try input.newPassword(try fields.string("password"), email: email, name: name.name)
            return answer(.hashing(request, context)) { core in
                // Firebase sends no verification mail at sign-up: the app asks for one.
                let created = core.signUp(
                    email: email, displayName: name.name, nameKey: name.key, password: password, sendsVerification: false).created.flatMap { core.startTokens(for: $0) }
                switch created {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let started):
                    let profile = AccountProfile(account: started.account, photoURL: nil, lastLoginAt: started.authTime, hasPassword: true)
                    var body: JSONValue.Members = [
                        ("kind", .string("identitytoolkit#SignupNewUserResponse")),
                        ("localId", .string(started.account.uid)),
                        ("email", .string(started.account.email)),
                    ]
                    if !name.name.isEmpty { body.append(("displayName", .string(name.name))) }
                    body += tokenFields(profile, authTime: started.authTime, refreshToken: started.refreshToken, claims: started.claims)
                    return .success(.object(body))
                }
            }
        }
    }

    /// A new anonymous account and its tokens (`sign_in_provider: anonymous`); limited per client
    /// on its own (`anonymous.address`).
    private func signUpAnonymously(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        return answer(.interactive(request, context)) { core in
            switch core.signUpAnonymously() {
            case .failure(let failure): return .failure(self.error(failure, request))
            case .success(let started):
                let profile = AccountProfile(account: started.account, photoURL: nil, lastLoginAt: started.authTime)
                return .success(.object(
                    [("kind", .string("identitytoolkit#SignupNewUserResponse")), ("localId", .string(started.account.uid))]
                        + tokenFields(
                            profile, authTime: started.authTime, refreshToken: started.refreshToken, provider: "anonymous", claims: started.claims)))
            }
        }
    }

    /// An address and a password for the signed-in user (`idToken`): the same uid, new tokens
    /// (`Authenticator.linkPassword`). `accounts:update` with `email` and `password` (older SDKs'
    /// link) comes here too. With `--private-signup` it is refused as a sign-up is: its answer would
    /// tell whether the address has an account.
    func linkPassword(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            let claims = try claims(fields)
            if isPrivate { throw FirebaseError(.adminOnlyOperation) }
            let email = try input.email(try fields.string("email"))
            guard let password = try fields.string("password") else { throw FirebaseError(.missingPassword) }
            let rules = self.rules, locale = context.locale
            return answer(.hashing(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile -> Result<JSONValue, FirebaseError> in
                    let prepared: String
                    do throws(FirebaseError) {
                        prepared = try FirebaseInput(rules: rules).newPassword(
                            password, email: email, name: profile.account.displayName)
                    } catch {
                        return .failure(error)
                    }
                    let linked = core.linkPassword(
                        Self.requester(claims, profile), email: email, password: prepared, signedInAt: claims.authTime, locale: locale)
                    switch linked {
                    case .failure(let failure): return .failure(self.error(failure, request))
                    case .success(let started):
                        let updated = (try? core.profile(id: started.account.id)) ?? nil
                            ?? AccountProfile(account: started.account, photoURL: nil, lastLoginAt: started.authTime, hasPassword: true)
                        var body: JSONValue.Members = [
                            ("kind", .string("identitytoolkit#SignupNewUserResponse")), ("localId", .string(started.account.uid)),
                            ("email", .string(started.account.email)),
                        ]
                        if !started.account.displayName.isEmpty { body.append(("displayName", .string(started.account.displayName))) }
                        body += tokenFields(updated, authTime: started.authTime, refreshToken: started.refreshToken)
                        return .success(.object(body))
                    }
                }
            }
        }
    }

    /// The password is checked as the page's sign-in checks it: behind the sign-in limits
    /// (`PasswordChecks.signIn`, consulted before hashing and told the outcome after, in the fair
    /// hashing queue under the client), so wrong passwords through the API and through the page
    /// count together. A refusal is `TOO_MANY_ATTEMPTS_TRY_LATER`: with `Retry-After` when waiting
    /// helps, with a detail saying to reset the password when the account is locked. An SDK's
    /// re-authentication (`reauthenticateWithCredential`) is this call too.
    func signInWithPassword(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            let email = try input.email(try fields.string("email"))
            let password = try input.password(try fields.string("password"), email: email)
            if let refused = checks.knownRefusal(email: email, request, context) { return refused }
            let checks = self.checks, client = PasswordChecks.Client(context)
            return pool.hashing(request, context, { core -> Result<JSONValue, AuthFailure> in
                checks.signIn(email: email, client: client, in: core) {
                    core.signIn(email: email, password: password)
                }.flatMap { core.startTokenSignIn(for: $0, signInProvider: "password") }.map { start in
                    let account: Account, authTime: Int64?
                    switch start {
                    case .tokens(let signedIn, let time, _, _): (account, authTime) = (signedIn, time)
                    case .secondStep(_, let pending, _): (account, authTime) = (pending, nil)
                    }
                    let profile = (try? core.profile(id: account.id)) ?? nil
                        ?? AccountProfile(account: account, photoURL: nil, lastLoginAt: authTime, hasPassword: true)
                    var body: JSONValue.Members = [
                        ("kind", .string("identitytoolkit#VerifyPasswordResponse")),
                        ("localId", .string(account.uid)),
                        ("email", .string(account.email)),
                        ("displayName", .string(account.displayName)),
                    ]
                    if let photo = profile.photoURL { body.append(("profilePicture", .string(photo))) }
                    body.append(("registered", .bool(true)))
                    switch start {
                    case .tokens(_, let authTime, let refreshToken, let claims):
                        body += tokenFields(profile, authTime: authTime, refreshToken: refreshToken, claims: claims)
                    case .secondStep(let token, _, let factor):
                        // No tokens: the second step issues them (`mfaSignIn:finalize`).
                        body += Self.secondStepFields(token: token, factor: factor)
                    }
                    return .object(body)
                }
            }) { result in
                switch result {
                case .success(let body): return .response(Responses.json(200, body))
                // Through the presenter, as the page's refusals: `Retry-After`, or the locked account.
                case .failure(.throttled(let refusal)): return context.refuse(SiteRefusal(refusal), request)
                case .failure(let failure): return .response(self.error(failure, request).response)
                }
            }
        }
    }
}
