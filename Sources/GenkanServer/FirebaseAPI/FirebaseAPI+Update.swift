import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// `accounts:update` (`setAccountInfo`) and `accounts:delete` (`deleteAccount`).
///
/// An update with an ID token changes the name, the photo URL or the password (`deleteAttribute`
/// removes `DISPLAY_NAME` or `PHOTO_URL`); a new password needs a sign-in within five minutes
/// (`CREDENTIAL_TOO_OLD_LOGIN_AGAIN`), ends every other token and session, and answers with new
/// tokens. An address changes only through the link mailed to it (`sendOobCode` with
/// `VERIFY_AND_CHANGE_EMAIL`), as Firebase requires under email-enumeration protection. An update
/// with an `oobCode` alone applies it: a verification, an address change or its undo.
extension FirebaseAPI {
    func update(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            if try fields.string("idToken") == nil, let code = try fields.string("oobCode") {
                return apply(code: code, request: request, locale: context.locale)
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
            let authenticator = self.authenticator, rules = self.rules, locale = context.locale, providerIDs = self.providerIDs
            return answer(newPassword == nil ? .interactive : .hashing(request, context)) { store in
                Self.account(claims, in: store).flatMap { profile -> Result<JSONValue, FirebaseError> in
                    let account = profile.account
                    let requester = Self.requester(claims, profile)
                    var issued: (authTime: Int64, refreshToken: String)?
                    if let newPassword {
                        let prepared: String
                        do throws(FirebaseError) {
                            prepared = try FirebaseInput(rules: rules).newPassword(
                                newPassword, email: account.email, name: name?.name ?? account.displayName)
                        } catch {
                            return .failure(error)
                        }
                        // The same change as the page's: every session and token ends, a notice goes.
                        switch authenticator.changePassword(requester, newPassword: prepared, locale: locale, renewal: .tokens, in: store) {
                        case .failure(let failure): return .failure(self.error(failure, request))
                        case .success(let changed): issued = changed.tokens
                        }
                    }
                    // The new password's tokens act from here on (the old ID token was just revoked).
                    let actor: Requester = issued.map { .idToken(accountID: account.id, issuedAt: $0.authTime) } ?? requester
                    if deleted.contains("DISPLAY_NAME") || name != nil {
                        let new = deleted.contains("DISPLAY_NAME") ? ("", "") : name!
                        if case .failure(let failure) = authenticator.rename(actor, displayName: new.0, nameKey: new.1, in: store) {
                            return .failure(self.error(failure, request))
                        }
                    }
                    do {
                        if deleted.contains("PHOTO_URL") { try store.setPhotoURL(accountID: account.id, nil) }
                        if let photo { try store.setPhotoURL(accountID: account.id, photo) }
                        guard let updated = try store.profile(id: account.id) else { return .failure(FirebaseError(.userNotFound)) }
                        var body = UserRecord.updateJSON(updated, providerIDs: providerIDs)
                        if let issued { body += self.tokenFields(updated, authTime: issued.authTime, refreshToken: issued.refreshToken) }
                        return .success(.object(body))
                    } catch {
                        return .failure(self.storeFailure(error, request))
                    }
                }
            }
        }
    }

    /// Applies a code alone: verifies the address, makes an address change (mailing the old address
    /// its undo link), or undoes one.
    private func apply(code: String, request: HTTPRequest, locale: String) -> Reply {
        let authenticator = self.authenticator
        return answer(.interactive) { store in
            let purpose: ActionCodePurpose
            do {
                switch try store.lookUpCode(code) {
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
                result = authenticator.verifyEmail(code: code, in: store).map { verification in
                    switch verification {
                    case .pending(let account), .verified(let account), .alreadyVerified(let account): account
                    }
                }
            case .changeEmail:
                result = authenticator.confirmEmailChange(code: code, locale: locale, in: store)
                if case .success(let account) = result { newEmail = account.email }
            case .recoverEmail:
                result = authenticator.recoverEmail(code: code, in: store)
            case .resetPassword:
                return .failure(FirebaseError(.invalidOOBCode))
            }
            switch result {
            case .failure(let failure): return .failure(self.error(failure, request))
            case .success(let account):
                guard let profile = try? store.profile(id: account.id) else { return .failure(FirebaseError(.userNotFound)) }
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
            let authenticator = self.authenticator, locale = context.locale
            return answer(.interactive) { store in
                Self.account(claims, in: store).flatMap { profile in
                    switch authenticator.deleteAccount(Self.requester(claims, profile), locale: locale, in: store) {
                    case .failure(let failure): return .failure(self.error(failure, request))
                    case .success:
                        return .success(.object([("kind", .string("identitytoolkit#DeleteAccountResponse"))]))
                    }
                }
            }
        }
    }
}
