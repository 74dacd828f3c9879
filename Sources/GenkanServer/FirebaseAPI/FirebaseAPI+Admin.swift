import GenkanStore
import GenkanValidation

/// The endpoints Firebase Admin SDKs call (`/identitytoolkit.googleapis.com/v1/projects/{id}/…`):
/// create, look up (by id or address), update, delete and list accounts, and links for the caller
/// to send (`sendOobCode` with `returnOobLink`). Behind `AdminAccess`: emulator mode and
/// `Authorization: Bearer owner` only.
extension FirebaseAPI {
    func registerAdministration(on group: RouteGroup) {
        group.post("/accounts", use: adminCreate)
        group.post("/accounts:lookup", use: adminLookup)
        group.post("/accounts:update", use: adminUpdate)
        group.post("/accounts:delete", use: adminDelete)
        group.get("/accounts:batchGet", use: adminList)
        group.post("/accounts:sendOobCode", use: adminLink)
    }

    /// An account id of the API (`localId`), nil when it names none Genkan could have issued.
    static func accountID(_ localID: String) -> Int64? {
        guard let id = Int64(localID), id > 0, String(id) == localID else { return nil }
        return id
    }

    func adminCreate(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = fields(context), input = FirebaseInput(rules: rules)
            if try fields.string("localId") != nil {
                throw FirebaseError(.operationNotAllowed, "Genkan chooses the user id (localId) itself.")
            }
            let email = try input.email(try fields.string("email"))
            let name = try input.displayName(try fields.string("displayName"))
            let photo = try input.photoURL(try fields.string("photoUrl"))
            let password = try fields.string("password").map { value throws(FirebaseError) in
                try input.newPassword(value, email: email, name: name.name)
            }
            var changes = AccountChanges()
            changes.email = email
            changes.name = (name.name, name.key)
            changes.photoURL = photo.map { .some($0) }
            changes.password = password
            changes.emailVerified = try fields.bool("emailVerified") ?? false
            changes.disabled = try fields.bool("disabled")
            let authenticator = self.authenticator, complete = changes
            return answer(password == nil ? .interactive : .hashing(request, context)) { store in
                // One transaction: the account exists with every field set, or not at all.
                switch authenticator.createAccount(complete, in: store) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let profile):
                    var body: [(String, JSONValue)] = [
                        ("kind", .string("identitytoolkit#SignupNewUserResponse")), ("localId", .string(String(profile.account.id))),
                        ("email", .string(email)),
                    ]
                    if !name.name.isEmpty { body.append(("displayName", .string(name.name))) }
                    return .success(.object(body))
                }
            }
        }
    }

    func adminLookup(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = fields(context)
            let ids = try fields.strings("localId").compactMap(Self.accountID)
            let emails = try fields.strings("email").compactMap { rules.validate(.passwordResetRequest, values: [.email: $0]).normalizedEmail }
            return answer(.interactive) { store in
                do {
                    var seen = Set<Int64>(), users: [JSONValue] = []
                    let found = try ids.compactMap { id throws(StoreError) in try store.profile(id: id) }
                        + emails.compactMap { email throws(StoreError) in try store.profile(email: email) }
                    for profile in found where seen.insert(profile.account.id).inserted { users.append(UserRecord.json(profile)) }
                    var body: [(String, JSONValue)] = [("kind", .string("identitytoolkit#GetAccountInfoResponse"))]
                    // No `users` at all when none is found, as Firebase answers (the Admin SDKs read that as "not found").
                    if !users.isEmpty { body.append(("users", .array(users))) }
                    return .success(.object(body))
                } catch {
                    return .failure(self.storeFailure(error, request))
                }
            }
        }
    }

    func adminUpdate(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = fields(context), input = FirebaseInput(rules: rules)
            guard let localID = try fields.string("localId") else { throw FirebaseError(.missingLocalID) }
            guard let id = Self.accountID(localID) else { throw FirebaseError(.userNotFound) }
            let deleted = try fields.strings("deleteAttribute")
            let email = try fields.string("email").map { value throws(FirebaseError) in try input.email(value) }
            let name = fields.has("displayName") ? try input.displayName(try fields.string("displayName")) : nil
            let photo = try input.photoURL(try fields.string("photoUrl"))
            let verified = try fields.bool("emailVerified"), disable = try fields.bool("disableUser")
            let newPassword = try fields.string("password")
            let authenticator = self.authenticator, rules = self.rules
            return answer(newPassword == nil ? .interactive : .hashing(request, context)) { store in
                var changes = AccountChanges()
                changes.emailVerified = verified
                changes.disabled = disable
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
                        let account = try? store.account(id: id)
                        changes.password = try FirebaseInput(rules: rules).newPassword(
                            newPassword, email: email ?? account?.email ?? "", name: name?.name ?? account?.displayName ?? "")
                    } catch {
                        return .failure(error)
                    }
                }
                // One transaction: every change, or none. An administrator may change a disabled account.
                switch authenticator.administer(accountID: id, changes, in: store) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success: return .success(.object([("kind", .string("identitytoolkit#SetAccountInfoResponse")), ("localId", .string(localID))]))
                }
            }
        }
    }

    func adminDelete(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            guard let localID = try fields(context).string("localId") else { throw FirebaseError(.missingLocalID) }
            guard let id = Self.accountID(localID) else { throw FirebaseError(.userNotFound) }
            let authenticator = self.authenticator
            return answer(.interactive) { store in
                switch authenticator.deleteAccount(.administrator(accountID: id), in: store) {
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success: return .success(.object([("kind", .string("identitytoolkit#DeleteAccountResponse"))]))
                }
            }
        }
    }

    /// `GET …/accounts:batchGet?maxResults=N&nextPageToken=T`: accounts in id order; the page token
    /// is the last id of the page before.
    func adminList(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let maxResults = query?["maxResults"].flatMap { Int($0) }.map { min(max($0, 1), 1000) } ?? 20
        let after = query?["nextPageToken"].flatMap(Self.accountID) ?? 0
        return answer(.interactive) { store in
            do {
                let profiles = try store.profiles(afterID: after, limit: maxResults)
                var body: [(String, JSONValue)] = [
                    ("kind", .string("identitytoolkit#DownloadAccountResponse")), ("users", .array(profiles.map(UserRecord.json))),
                ]
                if profiles.count == maxResults, let last = profiles.last {
                    body.append(("nextPageToken", .string(String(last.account.id))))
                }
                return .success(.object(body))
            } catch {
                return .failure(self.storeFailure(error, request))
            }
        }
    }

    /// A link for the caller to send (`returnOobLink`): password reset, verification, or an address
    /// change, to Genkan's own pages; nothing is mailed.
    func adminLink(_ request: HTTPRequest, _ context: RequestContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = fields(context), input = FirebaseInput(rules: rules)
            let purpose: ActionCodePurpose
            switch try fields.string("requestType") {
            case nil: throw FirebaseError(.missingRequestType)
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
            let authenticator = self.authenticator
            return answer(.interactive) { store in
                switch authenticator.issueLink(purpose, email: email, newEmail: newEmail, in: store) {
                case .failure(.userNotFound): return .failure(FirebaseError(purpose == .resetPassword ? .emailNotFound : .userNotFound))
                case .failure(let failure): return .failure(self.error(failure, request))
                case .success(let (account, issued)):
                    return .success(.object([
                        ("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(account.email)),
                        ("oobCode", .string(issued.token)),
                        ("oobLink", .string(self.mail.link(Self.pagePath(purpose) + "?code=" + issued.token))),
                    ]))
                }
            }
        }
    }
}
