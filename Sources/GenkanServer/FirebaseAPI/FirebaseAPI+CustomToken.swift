import GenkanHTTP
import GenkanStore
import GenkanValidation

/// `accounts:signInWithCustomToken` (`verifyCustomToken`): a backend that has its own users mints
/// a token with an Admin SDK (`createCustomToken(uid, claims)`), the app exchanges it here for the
/// uid's tokens. A uid seen for the first time makes an account without an address
/// (`isNewUser`); the token's claims go into every ID token of this sign-in, refreshed ones too,
/// and `sign_in_provider` is `custom`.
extension FirebaseAPI {
    var customTokens: CustomTokens { CustomTokens(isEmulator: isEmulator, serviceAccounts: serviceAccounts) }

    func signInWithCustomToken(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            guard let token = try context.body.string("token") else { throw FirebaseError(.missingCustomToken) }
            // The signature check costs a little: it runs on the loop, as an ID token's does.
            let (uid, claims) = try customTokens.verify(token, now: clock.now()).get()
            return answer(.interactive(request, context)) { core in
                switch core.signIn(customUID: uid, claims: claims) {
                case .failure(.uidAlreadyInUse):
                    return .failure(FirebaseError(
                        .invalidCustomToken, "The uid \(uid) is a site account's number from before uids were strings, not the backend's."))
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let signIn):
                    let profile = (try? core.profile(id: signIn.account.id)) ?? nil
                        ?? AccountProfile(account: signIn.account, photoURL: nil, lastLoginAt: signIn.authTime)
                    return .success(.object(
                        [("kind", .string("identitytoolkit#VerifyCustomTokenResponse")), ("isNewUser", .bool(signIn.isNew))]
                            + tokenFields(profile, authTime: signIn.authTime, refreshToken: signIn.refreshToken, provider: "custom", claims: claims)))
                }
            }
        }
    }
}
