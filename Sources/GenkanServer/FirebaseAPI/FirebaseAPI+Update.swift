import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// `accounts:update` (`setAccountInfo`) and `accounts:delete` (`deleteAccount`).
///
/// An update with an ID token changes the name, the photo URL or the password (`deleteAttribute`
/// removes `DISPLAY_NAME` or `PHOTO_URL`, `deleteProvider` a sign-in method: the SDKs' `unlink`), in
/// one transaction (`Authenticator.updateProfile`); a new password needs a sign-in within five
/// minutes (`CREDENTIAL_TOO_OLD_LOGIN_AGAIN`), ends every other token and session, and answers with
/// new tokens. An address changes only through the link mailed to it (`sendOobCode` with
/// `VERIFY_AND_CHANGE_EMAIL`), as Firebase requires under email-enumeration protection. An update
/// with an `oobCode` alone applies it: a verification, an address change or its undo.
extension FirebaseAPI {
    func update(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            if try fields.string("idToken") == nil, let code = try fields.string("oobCode") {
                return apply(code: code, request: request, context: context)
            }
            // An address with a password links them to the signed-in user (older SDKs'
            // `linkWithCredential`), as `accounts:signUp` with an `idToken` does.
            if try fields.string("email") != nil, try fields.string("password") != nil { return linkPassword(request, context) }
            let claims = try claims(fields)
            if try fields.string("email") != nil {
                throw FirebaseError(.operationNotAllowed, "Please verify the new email before changing email.")
            }
            if fields.has("customAttributes") { throw FirebaseError(.insufficientPermission, status: 403) }
            let deleted = try fields.strings("deleteAttribute")
            for attribute in deleted where !["DISPLAY_NAME", "PHOTO_URL"].contains(attribute) {
                throw .invalidArgument("Genkan cannot delete the attribute '\(attribute)'.")
            }
            let name = fields.has("displayName") ? try input.displayName(try fields.string("displayName")) : nil
            let photo = try input.photoURL(try fields.string("photoUrl"))
            let newPassword = try fields.string("password")
            if newPassword != nil { try requireRecentSignIn(claims) }
            // The SDKs' `unlink(providerId)`: `password`, or a provider's Firebase id.
            let removed = try fields.strings("deleteProvider")
            guard removed.count <= 16, removed.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 }) else {
                throw .invalidArgument("deleteProvider names at most 16 providers.")
            }
            let rules = self.rules, locale = context.locale
            let providerIDs = self.providerIDs
            return answer(newPassword == nil ? .interactive(request, context) : .hashing(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile -> Result<JSONValue, FirebaseError> in
                    let account = profile.account
                    var update = ProfileUpdate()
                    if deleted.contains("DISPLAY_NAME") { update.name = ("", "") } else if let name { update.name = (name.0, name.1) }
                    if deleted.contains("PHOTO_URL") { update.photoURL = .some(nil) } else if let photo { update.photoURL = .some(photo) }
                    // The API names a provider as Firebase does (`google.com`); the store by its own name.
                    update.removedMethods = removed.map { id in
                        profile.identities.first { UserRecord.firebaseProviderID($0.provider, configured: providerIDs) == id }?.provider ?? id
                    }
                    if let newPassword {
                        do throws(FirebaseError) {
                            update.newPassword = try FirebaseInput(rules: rules).newPassword(
                                newPassword, email: account.email, name: name?.name ?? account.displayName)
                        } catch {
                            return .failure(error)
                        }
                    }
                    // One operation, one transaction: a refused part leaves the others unmade. A new
                    // password ends every session and token, as the page's change does, and answers
                    // with new tokens.
                    let updated = core.updateProfile(
                        Self.requester(claims, profile), update, signedInAt: claims.authTime, locale: locale,
                        renewal: newPassword == nil ? .none : .tokens)
                    switch updated {
                    case .failure(let failure): return .failure(self.error(failure, request))
                    case .success(let renewed):
                        guard let current = try? core.profile(id: renewed.account.id) else { return .failure(FirebaseError(.userNotFound)) }
                        var body = UserRecord.updateJSON(current, providerIDs: providerIDs)
                        if let issued = renewed.tokens {
                            body += self.tokenFields(current, authTime: issued.authTime, refreshToken: issued.refreshToken)
                        }
                        return .success(.object(body))
                    }
                }
            }
        }
    }

    /// Applies a code alone: verifies the address, makes an address change (mailing the old address
    /// its undo link), or undoes one.
    private func apply(code: String, request: HTTPRequest, context: APIContext) -> Reply {
        let locale = context.locale
        return answer(.interactive(request, context)) { core in
            let purpose: ActionCodePurpose
            do {
                switch try core.lookUpCode(code) {
                case .failure(let failure): return .failure(FirebaseError(failure: AuthFailure(failure)))
                case .success(let found): purpose = found.purpose
                }
            } catch {
                return .failure(self.storeFailure(error, request))
            }
            let result: Result<Account, AuthFailure>
            var newEmail: String?
            switch purpose {
            case .verifyEmail:
                result = core.verifyEmail(code: code).map { verification in
                    switch verification {
                    case .pending(let account), .verified(let account), .alreadyVerified(let account): account
                    }
                }
            case .changeEmail:
                result = core.confirmEmailChange(code: code, locale: locale)
                if case .success(let account) = result { newEmail = account.email }
            case .recoverEmail:
                result = core.recoverEmail(code: code)
            case .resetPassword:
                return .failure(FirebaseError(.invalidOOBCode))
            }
            switch result {
            case .failure(let failure): return .failure(self.error(failure, request))
            case .success(let account):
                guard let profile = try? core.profile(id: account.id) else { return .failure(FirebaseError(.userNotFound)) }
                var body = UserRecord.updateJSON(profile, providerIDs: self.providerIDs)
                if let newEmail { body.append(("newEmail", .string(newEmail))) }
                return .success(.object(body))
            }
        }
    }

    func delete(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let claims = try claims(context.body)
            try requireRecentSignIn(claims)
            let locale = context.locale
            return answer(.interactive(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile in
                    switch core.deleteAccount(Self.requester(claims, profile), locale: locale) {
                    case .failure(let failure): return .failure(self.error(failure, request))
                    case .success:
                        return .success(.object([("kind", .string("identitytoolkit#DeleteAccountResponse"))]))
                    }
                }
            }
        }
    }
}
