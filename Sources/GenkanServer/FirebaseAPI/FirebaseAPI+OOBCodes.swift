import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// `accounts:sendOobCode` (`getOobConfirmationCode`) and `accounts:resetPassword`: mails with a
/// one-time link to Genkan's own pages (`/password/reset`, `/verify-email`,
/// `/account/email/confirm`) or, for `EMAIL_SIGNIN`, to the app (`FirebaseAPI+EmailLink`), through
/// the site's outbox, in the language of `X-Firebase-Locale`; and setting a password with a reset
/// code (or, without `newPassword`, saying what a code is for).
extension FirebaseAPI {
    /// The Firebase name of what a code does.
    static func requestType(_ purpose: ActionCodePurpose) -> String {
        switch purpose {
        case .resetPassword: "PASSWORD_RESET"
        case .verifyEmail: "VERIFY_EMAIL"
        case .changeEmail: "VERIFY_AND_CHANGE_EMAIL"
        case .recoverEmail: "RECOVER_EMAIL"
        }
    }

    /// The page of Genkan's site that uses a code of `purpose`.
    static func pagePath(_ purpose: ActionCodePurpose) -> SitePath {
        switch purpose {
        case .resetPassword: .passwordReset
        case .verifyEmail: .verifyEmail
        case .changeEmail: .accountEmailConfirm
        case .recoverEmail: .accountEmailRecover
        }
    }

    func sendOOBCode(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            // Links for the caller to send are for administrators (`…/projects/{id}/accounts:sendOobCode`).
            if try fields.bool("returnOobLink") == true { throw FirebaseError(.insufficientPermission, status: 403) }
            if let continueURL = try fields.string("continueUrl"), !Self.isAbsoluteURI(continueURL) {
                throw FirebaseError(.invalidContinueURI)
            }
            let locale = context.locale
            switch try fields.string("requestType") {
            case nil: throw FirebaseError(.missingRequestType)
            case "PASSWORD_RESET":
                let email = try input.email(try fields.string("email"))
                // As the page does: the request is recorded and answered the same whether or not the
                // address has an account; the code and its mail follow on the pool.
                let requests = resetRequests
                return answer(.interactive(request, context)) { core in
                    do {
                        try core.recordResetRequest(email: email, locale: locale)
                    } catch {
                        return .failure(self.storeFailure(error, request))
                    }
                    requests.process()
                    return .success(.object([("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(email))]))
                }
            case "VERIFY_EMAIL":
                let claims = try claims(fields)
                return answer(.interactive(request, context)) { core in
                    Self.account(claims, in: core).flatMap { profile in
                        // An account without an address has nothing to verify (the emulator's answer).
                        guard profile.account.hasEmail else { return .failure(FirebaseError(.missingEmail)) }
                        // Firebase sends the link again to an address already verified too.
                        switch core.sendVerification(Self.requester(claims, profile), locale: locale, evenIfVerified: true) {
                        case .failure(let failure): return .failure(self.error(failure, request))
                        case .success(let sent):
                            return .success(.object([
                                ("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(sent.account.email)),
                            ]))
                        }
                    }
                }
            case "VERIFY_AND_CHANGE_EMAIL":
                let claims = try claims(fields)
                let newEmail = try input.email(try fields.string("newEmail"), missing: .missingNewEmail)
                try requireRecentSignIn(claims)
                let isPrivate = self.isPrivate
                return answer(.interactive(request, context)) { core in
                    Self.account(claims, in: core).flatMap { profile in
                        guard profile.account.hasEmail else { return .failure(FirebaseError(.missingEmail)) }
                        let result = core.requestEmailChange(
                            Self.requester(claims, profile), newEmail: newEmail, locale: locale, privately: isPrivate)
                        switch result {
                        case .failure(let failure): return .failure(self.error(failure, request))
                        // With `--private-signup` a taken address answers as a free one (its owner
                        // is mailed instead), as the page answers.
                        case .success(.addressInUse) where !isPrivate: return .failure(FirebaseError(.emailExists))
                        case .success(.sent), .success(.unchanged), .success(.addressInUse):
                            return .success(.object([
                                ("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")),
                                ("email", .string(profile.account.email)),
                            ]))
                        }
                    }
                }
            case "EMAIL_SIGNIN":
                return try sendSignInLink(request, context)
            default:
                throw FirebaseError(.invalidRequestType, "Genkan sends PASSWORD_RESET, VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL and EMAIL_SIGNIN.")
            }
        }
    }

    func resetPassword(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            guard let code = try fields.string("oobCode") else { throw FirebaseError(.missingOOBCode) }
            let locale = context.locale
            guard let password = try fields.string("newPassword") else {
                // Only what the code is for (the SDKs' checkActionCode / verifyPasswordResetCode).
                return answer(.interactive(request, context)) { core in
                    do {
                        switch try core.lookUpCode(code) {
                        case .failure(let failure): return .failure(FirebaseError(failure: AuthFailure(failure)))
                        case .success(let found): return .success(.object(Self.codeFields(found)))
                        }
                    } catch {
                        return .failure(self.storeFailure(error, request))
                    }
                }
            }
            let rules = self.rules
            // The policy's context (the account's address and name) is known once the code names the
            // account; the check before hashing runs on the pool.
            return answer(.hashing(request, context)) { core in
                let found: ActionCode
                do {
                    switch try core.lookUpCode(code) {
                    case .failure(let failure): return .failure(FirebaseError(failure: AuthFailure(failure)))
                    case .success(let code): found = code
                    }
                } catch {
                    return .failure(self.storeFailure(error, request))
                }
                guard found.purpose == .resetPassword else { return .failure(FirebaseError(.invalidOOBCode)) }
                let prepared: String
                do throws(FirebaseError) {
                    prepared = try FirebaseInput(rules: rules).newPassword(
                        password, email: found.account.email, name: found.account.displayName)
                } catch {
                    return .failure(error)
                }
                // The same reset as the page's, but for the browser's session: identities linked since
                // the address was last proven end, every session and token ends, a notice goes.
                switch core.resetPassword(code: code, newPassword: prepared, locale: locale, renewal: .none) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let reset):
                    let account = reset.account
                    return .success(.object([
                        ("kind", .string("identitytoolkit#ResetPasswordResponse")), ("email", .string(account.email)),
                        ("requestType", .string("PASSWORD_RESET")),
                    ]))
                }
            }
        }
    }

    /// `kind`, `email`, `requestType` and, for an address change or its undo, `newEmail`.
    static func codeFields(_ code: ActionCode) -> JSONValue.Members {
        var fields: JSONValue.Members = [("kind", .string("identitytoolkit#ResetPasswordResponse"))]
        switch code.purpose {
        case .resetPassword, .verifyEmail:
            fields.append(("email", .string(code.account.email)))
        case .changeEmail:
            fields += [("email", .string(code.account.email)), ("newEmail", .string(code.email))]
        case .recoverEmail:
            fields += [("email", .string(code.email)), ("newEmail", .string(code.account.email))]
        }
        fields.append(("requestType", .string(requestType(code.purpose))))
        return fields
    }

    /// An absolute URI with a scheme and a host (`https://app.example/done`).
    static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }), scheme.first!.isLetter else {
            return false
        }
        let rest = text[text.index(after: colon)...]
        return rest.hasPrefix("//") && rest.count > 2 && !rest.contains(where: { $0.isWhitespace })
    }
}
