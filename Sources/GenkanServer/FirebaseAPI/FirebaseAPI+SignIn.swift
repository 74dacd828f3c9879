import GenkanStore
import GenkanValidation

/// `accounts:signUp` (`signupNewUser`) and `accounts:signInWithPassword` (`verifyPassword`): an
/// account and its first tokens, or a sign-in with the password and new tokens. Both hash on the
/// pool's hashing lane, like the pages.
extension FirebaseAPI {
    func signUp(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = fields(context), input = FirebaseInput(rules: rules)
            // Neither address nor password is an anonymous sign-up, which Genkan does not offer.
            guard fields.has("email") || fields.has("password") || fields.has("idToken") else {
                throw FirebaseError(.adminOnlyOperation)
            }
            if fields.has("idToken") { throw FirebaseError(.operationNotAllowed, "Genkan has no anonymous accounts to link.") }
            let email = try input.email(try fields.string("email"))
            let name = try input.displayName(try fields.string("displayName"))
            let password = try input.newPassword(try fields.string("password"), email: email, name: name.name)
            let authenticator = self.authenticator
            return answer(.hashing) { store in
                let created = authenticator.signUp(email: email, displayName: name.name, nameKey: name.key, password: password, in: store)
                    .flatMap { Authenticator.startTokens(for: $0, in: store) }
                switch created {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let started):
                    let profile = AccountProfile(account: started.account, photoURL: nil, lastLoginAt: started.authTime)
                    var body: [(String, JSONValue)] = [
                        ("kind", .string("identitytoolkit#SignupNewUserResponse")),
                        ("localId", .string(String(started.account.id))),
                        ("email", .string(started.account.email)),
                    ]
                    if !name.name.isEmpty { body.append(("displayName", .string(name.name))) }
                    body += tokenFields(profile, authTime: started.authTime, refreshToken: started.refreshToken)
                    return .success(.object(body))
                }
            }
        }
    }

    func signInWithPassword(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = fields(context), input = FirebaseInput(rules: rules)
            let email = try input.email(try fields.string("email"))
            let password = try input.password(try fields.string("password"), email: email)
            let authenticator = self.authenticator
            return answer(.hashing) { store in
                switch authenticator.signInForToken(email: email, password: password, in: store) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let started):
                    let profile = (try? store.profile(id: started.account.id)) ?? nil
                        ?? AccountProfile(account: started.account, photoURL: nil, lastLoginAt: started.authTime)
                    var body: [(String, JSONValue)] = [
                        ("kind", .string("identitytoolkit#VerifyPasswordResponse")),
                        ("localId", .string(String(started.account.id))),
                        ("email", .string(started.account.email)),
                        ("displayName", .string(started.account.displayName)),
                    ]
                    if let photo = profile.photoURL { body.append(("profilePicture", .string(photo))) }
                    body.append(("registered", .bool(true)))
                    body += tokenFields(profile, authTime: started.authTime, refreshToken: started.refreshToken)
                    return .success(.object(body))
                }
            }
        }
    }
}
