import GenkanHTTP
import GenkanStore
import GenkanValidation

/// Secure Token: `POST /securetoken.googleapis.com/v1/token` exchanges a refresh token for a new
/// ID token (the web SDK posts a form with `grant_type`/`refresh_token`, the iOS SDK JSON with
/// `grantType`/`refreshToken`; `FirebaseBody` makes both camelCase). The refresh token stays the
/// same, as Firebase's does, until `valid_since` or the account's deletion voids it; one older than
/// `valid_since` answers `TOKEN_EXPIRED`.
/// `GET /securetoken.googleapis.com/v1/jwks` publishes the ID tokens' public key.
extension FirebaseAPI {
    func refreshToken(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            guard let grantType = try fields.string("grantType") else { throw FirebaseError(.missingGrantType) }
            guard grantType == "refresh_token" else { throw FirebaseError(.invalidGrantType) }
            guard let refreshToken = try fields.string("refreshToken") else { throw FirebaseError(.missingRefreshToken) }
            let project = self.project
            return answer(.interactive(request, context)) { core in
                do {
                    let grant: AccountStore.RefreshGrant
                    switch try core.refresh(refreshToken: refreshToken) {
                    case .granted(let granted): grant = granted
                    // Issued before the account's `valid_since` (revoked, or a password change):
                    // production's answer, which the SDKs turn into `auth/user-token-expired`.
                    case .revoked: return .failure(FirebaseError(.tokenExpired))
                    case .unknown: return .failure(FirebaseError(.invalidRefreshToken))
                    }
                    guard let profile = try core.profile(id: grant.account.id) else { return .failure(FirebaseError(.invalidRefreshToken)) }
                    if profile.account.isDisabled { return .failure(FirebaseError(.userDisabled)) }
                    // Read again now: custom claims set since the last refresh are in this token.
                    let idToken = tokens.token(
                        for: profile.account, photoURL: profile.photoURL, authTime: grant.authTime, now: clock.now(),
                        provider: grant.signInProvider, claims: grant.claims)
                    return .success(.object([
                        ("access_token", .string(idToken)),
                        ("expires_in", .string(String(IDTokens.lifetime))),
                        ("token_type", .string("Bearer")),
                        ("refresh_token", .string(refreshToken)),
                        ("id_token", .string(idToken)),
                        ("user_id", .string(profile.account.uid)),
                        ("project_id", .string(project)),
                    ]))
                } catch {
                    return .failure(self.storeFailure(error, request))
                }
            }
        }
    }

    func publishKeys(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        var response = Responses.json(200, tokens.jwks)
        // The key changes only with the database: clients may keep it an hour, as Google's keys.
        response.headers.set("Cache-Control", "public, max-age=3600")
        return .response(response)
    }
}
