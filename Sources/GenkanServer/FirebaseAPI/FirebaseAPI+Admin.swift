import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// The endpoints Firebase Admin SDKs call (`/identitytoolkit.googleapis.com/v1/projects/{id}/…`):
/// create, look up (by uid or address), update (custom claims and revocation among it), delete and
/// list accounts, and links for the caller to send (`sendOobCode` with `returnOobLink`). Behind
/// `AdminAccess`: `Bearer owner` in emulator mode, a registered service account's JWT otherwise.
extension FirebaseAPI {
    func registerAdministration(on group: RouteGroup<SiteContext, APIContext>) {
        group.post("/accounts", use: adminCreate)
        group.post("/accounts:lookup", use: adminLookup)
        group.post("/accounts:update", use: adminUpdate)
        group.post("/accounts:delete", use: adminDelete)
        group.get("/accounts:batchGet", use: adminList)
        group.post("/accounts:sendOobCode", use: adminLink)
        group.post("/accounts:batchCreate", use: adminBatchCreate)
    }

    /// A page token of the list: the internal id of the last account of the page before.
    static func pageToken(_ text: String) -> Int64? {
        guard let id = Int64(text), id > 0, String(id) == text else { return nil }
        return id
    }

    /// The internal id of the account with this uid, inside a job; `USER_NOT_FOUND` when there is none.
    static func accountID(uid: String, in core: Authenticator) -> Result<Int64, FirebaseError> {
        do {
            guard let account = try core.account(uid: uid) else { return .failure(FirebaseError(.userNotFound)) }
            return .success(account.id)
        } catch {
            return .failure(FirebaseError(.internalError, status: 500))
        }
    }

    func adminCreate(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            let uid = try fields.string("localId")
            if let uid, !AccountStore.isValidUID(uid) {
                throw .invalidArgument("localId must be 1 to \(AccountStore.maximumUIDLength) characters.")
            }
            let email = try fields.string("email").map { value throws(FirebaseError) in try input.email(value) }
            let name = try input.displayName(try fields.string("displayName"))
            let photo = try input.photoURL(try fields.string("photoUrl"))
            let password = try fields.string("password").map { value throws(FirebaseError) in
                try input.newPassword(value, email: email, name: name.name)
            }
            var changes = AccountChanges()
            changes.uid = uid
            changes.email = email
            changes.name = (name.name, name.key)
            changes.photoURL = photo.map { .some($0) }
            changes.password = password
            changes.emailVerified = try fields.bool("emailVerified") ?? false
            changes.disabled = try fields.bool("disabled")
            let complete = changes
            return answer(password == nil ? .interactive(request, context) : .hashing(request, context)) { core in
                // One transaction: the account exists with every field set, or not at all.
                switch core.createAccount(complete) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let profile):
                    var body: JSONValue.Members = [
                        ("kind", .string("identitytoolkit#SignupNewUserResponse")), ("localId", .string(profile.account.uid)),
                    ]
                    if let email { body.append(("email", .string(email))) }
                    if !name.name.isEmpty { body.append(("displayName", .string(name.name))) }
                    return .success(.object(body))
                }
            }
        }
    }

    func adminLookup(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            let uids = try fields.strings("localId")
            let emails = try fields.strings("email").compactMap { rules.validate(.passwordResetRequest, values: [.email: $0]).normalizedEmail }
            let providerIDs = self.providerIDs
            return answerFromStore(request, context) { core in
                var seen = Set<Int64>(), users: [JSONValue] = [], found: [AccountProfile] = []
                for uid in uids { if let profile = try core.profile(uid: uid) { found.append(profile) } }
                for email in emails { if let profile = try core.profile(email: email) { found.append(profile) } }
                for profile in found where seen.insert(profile.account.id).inserted {
                    let factor = try core.secondFactor(accountID: profile.account.id)
                    users.append(UserRecord.json(profile, providerIDs: providerIDs, secondFactor: factor))
                }
                var body: JSONValue.Members = [("kind", .string("identitytoolkit#GetAccountInfoResponse"))]
                // No `users` at all when none is found, as Firebase answers (the Admin SDKs read that as "not found").
                if !users.isEmpty { body.append(("users", .array(users))) }
                return .object(body)
            }
        }
    }

    func adminUpdate(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            guard let localID = try fields.string("localId") else { throw FirebaseError(.missingLocalID) }
            let deleted = try fields.strings("deleteAttribute")
            let customClaims = try fields.string("customAttributes").map { text throws(FirebaseError) -> String? in
                switch DeveloperClaims.checked(text) {
                case .success(let claims): return claims
                case .failure(.tooLarge): throw FirebaseError(.claimsTooLarge)
                case .failure(.notAnObject): throw FirebaseError(.invalidClaims)
                case .failure(.reserved(let name)): throw FirebaseError(.forbiddenClaim, name)
                }
            }
            let validSince = try fields.integer("validSince")
            let email = try fields.string("email").map { value throws(FirebaseError) in try input.email(value) }
            let name = fields.has("displayName") ? try input.displayName(try fields.string("displayName")) : nil
            let photo = try input.photoURL(try fields.string("photoUrl"))
            let verified = try fields.bool("emailVerified"), disable = try fields.bool("disableUser")
            let newPassword = try fields.string("password")
            let rules = self.rules
            return answer(newPassword == nil ? .interactive(request, context) : .hashing(request, context)) { core in
                let id: Int64
                switch Self.accountID(uid: localID, in: core) {
                case .failure(let error): return .failure(error)
                case .success(let found): id = found
                }
                var changes = AccountChanges()
                changes.emailVerified = verified
                changes.disabled = disable
                changes.customClaims = customClaims
                changes.validSince = validSince
                if deleted.contains("DISPLAY_NAME") {
                    changes.name = ("", "")
                } else if let name {
                    changes.name = (name.name, name.key)
                }
                if deleted.contains("PHOTO_URL") { changes.photoURL = .some(nil) }
                if let photo { changes.photoURL = .some(photo) }
                if let email { changes.email = email }
                if let newPassword {
                    do throws(FirebaseError) {
                        let account = try? core.account(id: id)
                        changes.password = try FirebaseInput(rules: rules).newPassword(
                            newPassword, email: email ?? account?.email ?? "", name: name?.name ?? account?.displayName ?? "")
                    } catch {
                        return .failure(error)
                    }
                }
                // One transaction: every change, or none. An administrator may change a disabled account.
                switch core.administer(accountID: id, changes) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success: return .success(.object([("kind", .string("identitytoolkit#SetAccountInfoResponse")), ("localId", .string(localID))]))
                }
            }
        }
    }

    func adminDelete(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            guard let localID = try context.body.string("localId") else { throw FirebaseError(.missingLocalID) }
            return answer(.interactive(request, context)) { core in
                let id: Int64
                switch Self.accountID(uid: localID, in: core) {
                case .failure(let error): return .failure(error)
                case .success(let found): id = found
                }
                switch core.deleteAccount(.administrator(accountID: id)) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success: return .success(.object([("kind", .string("identitytoolkit#DeleteAccountResponse"))]))
                }
            }
        }
    }

    /// `GET …/accounts:batchGet?maxResults=N&nextPageToken=T`: accounts in id order; the page token
    /// is the last id of the page before.
    func adminList(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let maxResults = query?["maxResults"].flatMap { Int($0) }.map { min(max($0, 1), 1000) } ?? 20
        let after = query?["nextPageToken"].flatMap(Self.pageToken) ?? 0
        let providerIDs = self.providerIDs
        return answerFromStore(request, context) { core in
            let profiles = try core.profiles(afterID: after, limit: maxResults)
            let factors = try core.secondFactors(of: profiles)
            var body: JSONValue.Members = [
                ("kind", .string("identitytoolkit#DownloadAccountResponse")),
                ("users", .array(profiles.map { UserRecord.json($0, providerIDs: providerIDs, secondFactor: factors[$0.account.id]) })),
            ]
            if profiles.count == maxResults, let last = profiles.last {
                body.append(("nextPageToken", .string(String(last.account.id))))
            }
            return .object(body)
        }
    }

    /// A link for the caller to send (`returnOobLink`): password reset, verification, or an address
    /// change, to Genkan's own pages; nothing is mailed.
    func adminLink(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body, input = FirebaseInput(rules: rules)
            let purpose: ActionCodePurpose
            switch try fields.string("requestType") {
            case nil: throw FirebaseError(.missingRequestType)
            case "EMAIL_SIGNIN": return try adminSignInLink(request, context)
            case "PASSWORD_RESET": purpose = .resetPassword
            case "VERIFY_EMAIL": purpose = .verifyEmail
            case "VERIFY_AND_CHANGE_EMAIL": purpose = .changeEmail
            default: throw FirebaseError(.invalidRequestType)
            }
            let email = try input.email(try fields.string("email"))
            let newEmail = purpose == .changeEmail ? try input.email(try fields.string("newEmail"), missing: .missingNewEmail) : nil
            if let continueURL = try fields.string("continueUrl"), !Self.isAbsoluteURI(continueURL) {
                throw FirebaseError(.invalidContinueURI)
            }
            return answer(.interactive(request, context)) { core in
                switch core.issueLink(purpose, email: email, newEmail: newEmail) {
                case .failure(.userNotFound): return .failure(FirebaseError(purpose == .resetPassword ? .emailNotFound : .userNotFound))
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let (account, issued)):
                    return .success(.object([
                        ("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(account.email)),
                        ("oobCode", .string(issued.token)),
                        ("oobLink", .string(self.mail.link(Self.pagePath(purpose), code: issued.token))),
                    ]))
                }
            }
        }
    }

    /// A sign-in link for the caller to send (`generateSignInWithEmailLink`): for any address, as
    /// `sendOobCode` mails it, leading to the action settings' `url`; nothing is mailed.
    private func adminSignInLink(_ request: HTTPRequest, _ context: APIContext) throws(FirebaseError) -> Reply {
        let fields = context.body
        let email = try FirebaseInput(rules: rules).email(try fields.string("email"))
        let continuation = try continuation(fields, request)
        let locale = context.locale
        return answer(.interactive(request, context)) { core in
            let link = { (token: String) -> String? in self.mail.signInLinkURL(code: token, continuation: continuation, locale: locale) }
            switch core.sendSignInLink(email: email, continuation: continuation, locale: locale, mails: false, link: link) {
            case .failure(let failure): return .failure(self.error(failure, request))
            case .success(let issued):
                let link = self.mail.signInLinkURL(code: issued.token, continuation: continuation, locale: locale)
                return .success(.object([
                    ("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(email)),
                    ("oobCode", .string(issued.token)), ("oobLink", .string(link)),
                ]))
            }
        }
    }
}
