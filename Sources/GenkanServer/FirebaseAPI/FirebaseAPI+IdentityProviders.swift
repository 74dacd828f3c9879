import GenkanHTTP
import GenkanJSON
import GenkanOIDC
import GenkanStore
import GenkanValidation

/// `accounts:signInWithIdp` (`verifyAssertion`): an app that signed in with Google or Apple
/// itself hands Genkan the provider's ID token and the raw nonce whose SHA-256 it sent
/// (`postBody` `id_token=…&providerId=apple.com&nonce=RAW`, as an iOS app signing in with Apple
/// through Firebase sends it). The token is
/// verified by the same code as the site's sign-in (`OIDCProviders.verifyIDToken`), and the
/// account is found or made by the same rules: an address that belongs to an account this
/// identity is not linked to answers `needConfirmation`, which the SDKs turn into
/// `auth/account-exists-with-different-credential`.
extension FirebaseAPI {
    func signInWithIdp(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            // With the signed-in user's ID token, the identity is linked to that user (an SDK's
            // `linkWithCredential`, an anonymous guest keeping its uid).
            let linking = try fields.string("idToken").map { token throws(FirebaseError) in try tokens.verify(token, now: clock.now()).get() }
            guard let postBody = try fields.string("postBody"), let assertion = try? FormData(query: postBody) else {
                throw FirebaseError(.invalidIDPResponse, "postBody is missing")
            }
            let providerID = assertion["providerId"] ?? ""
            guard let identity, let httpPool = identity.pool, let provider = identity.providers.provider(firebaseID: providerID) else {
                throw FirebaseError(.operationNotAllowed, "The identity provider configuration is not found.")
            }
            guard let idToken = assertion["id_token"] else {
                throw FirebaseError(.invalidIDPResponse, "postBody has no id_token (an access token alone is not accepted)")
            }
            let nonce = assertion["nonce"], returnCredential = (try? fields.bool("returnIdpCredential")) ?? false
            let rules = self.rules, isPrivate = self.isPrivate
            let locale = context.locale
            return httpPool.reply(.interactive, { _ in
                Result { () throws(OIDCFailure) in try provider.verifyIDToken(idToken, rawNonce: nonce) }
            }) { verified in
                let token: VerifiedIDToken
                switch verified {
                case .failure(let failure):
                    failures.log.write("oidc \(provider.name): signInWithIdp failed: \(failure.code.rawValue): \(failure.detail)")
                    let code = FirebaseErrorCode(rawValue: failure.serverError) ?? .invalidIDPResponse
                    return .response(FirebaseError(code, code == .internalError ? nil : failure.detail, status: code == .internalError ? 500 : 400).response)
                case .success(let found): token = found
                }
                let profile = ProviderSignIn.profile(token, provider: provider, appleUser: nil, rules: rules)
                let identityFields: JSONValue.Members =
                    [("federatedId", .string(profile.issuer + "/" + token.subject)), ("providerId", .string(providerID))]
                    + (profile.email.map { [("email", JSONValue.string($0))] } ?? [])
                return answer(.interactive(request, context)) { core in
                    if let linking {
                        return link(
                            profile, providerID: providerID, claims: linking, token: token, identityFields: identityFields, request: request,
                            locale: locale, in: core)
                    }
                    let found = core.identify(profile, requireVerifiedEmail: isPrivate, locale: locale)
                    switch found {
                    case .failure(.accountExistsWithDifferentCredential):
                        // Firebase's answer when the address has an account with another sign-in method.
                        return .success(.object(
                            [("kind", .string("identitytoolkit#VerifyAssertionResponse"))] + identityFields
                                + [("needConfirmation", .bool(true))]))
                    case .failure(let failure):
                        return .failure(self.error(failure, request))
                    case .success(let found):
                        var extra: JSONValue.Members = []
                        if found.isNew { extra.append(("isNewUser", .bool(true))) }
                        if returnCredential { extra.append(("oauthIdToken", .string(idToken))) }
                        return core.startTokenSignIn(for: found.account, signInProvider: providerID)
                            .mapError { self.error($0, request) }
                            .map { start in
                                switch start {
                                case .tokens(let account, let authTime, let refreshToken, let claims):
                                    return signedIn(
                                        (account, authTime, refreshToken, claims), providerID: providerID, token: token, identityFields: identityFields,
                                        extra: extra, in: core)
                                case .secondStep(let pending, let account, let factor):
                                    // No tokens: the second step issues them (`mfaSignIn:finalize`).
                                    return .object(
                                        [("kind", .string("identitytoolkit#VerifyAssertionResponse"))] + identityFields + [
                                            ("localId", .string(account.uid)), ("emailVerified", .bool(account.isVerified)),
                                            ("displayName", .string(account.displayName)), ("rawUserInfo", .string(token.claims.serialized())),
                                        ] + extra + Self.secondStepFields(token: pending, factor: factor))
                                }
                            }
                    }
                }
            }
        }
    }

    /// Links the verified identity to the user of `claims`, then answers as a sign-in with the
    /// provider: the same `localId`, new tokens.
    private func link(
        _ profile: ProviderProfile, providerID: String, claims: IDTokenClaims, token: VerifiedIDToken,
        identityFields: JSONValue.Members, request: HTTPRequest, locale: String, in core: Authenticator
    ) -> Result<JSONValue, FirebaseError> {
        Self.account(claims, in: core).flatMap { current in
            let linked = core.link(
                profile, Self.requester(claims, current), signedInAt: claims.authTime, locale: locale
            ).flatMap {
                // The requester holds the account's tokens: its second factor was proven when they were issued.
                core.startTokens(for: $0, signInProvider: providerID, secondFactorProven: true)
            }
            return linked.mapError { self.error($0, request) }.map { started in
                signedIn(started, providerID: providerID, token: token, identityFields: identityFields, in: core)
            }
        }
    }

    /// `verifyAssertion`'s answer once the provider's identity signed in (or was linked): the
    /// identity, the account, the provider's claims as `rawUserInfo`, `extra` (a new account, the
    /// provider's token back), then the account's tokens.
    private func signedIn(
        _ started: StartedTokens, providerID: String, token: VerifiedIDToken, identityFields: JSONValue.Members,
        extra: JSONValue.Members = [], in core: Authenticator
    ) -> JSONValue {
        let account = started.account
        let accountProfile = (try? core.profile(id: account.id)) ?? nil
            ?? AccountProfile(account: account, photoURL: nil, lastLoginAt: started.authTime)
        var body: JSONValue.Members = [("kind", .string("identitytoolkit#VerifyAssertionResponse"))] + identityFields
        body += [
            ("localId", .string(account.uid)), ("emailVerified", .bool(account.isVerified)),
            ("displayName", .string(account.displayName)), ("rawUserInfo", .string(token.claims.serialized())),
        ]
        body += extra
        body += tokenFields(
            accountProfile, authTime: started.authTime, refreshToken: started.refreshToken, provider: providerID, claims: started.claims)
        return .object(body)
    }
}
