import GenkanJSON
import GenkanStore
import GenkanValidation

/// One user as Firebase describes it for an import — an element of `accounts:batchCreate`'s
/// `users`, or of the `users` of a `firebase auth:export` file (whose CSV rows `ExportCSVReader`
/// turns into the same members) — read into an `ImportedAccount`, with the site's rules, as the
/// API's other doors read their fields (`FirebaseInput`).
///
/// Two kinds of failure, as Firebase has them: a record that is not well formed (a member of the
/// wrong type, an unknown name, bytes that are not base64) makes the whole call or file malformed,
/// and nothing of it is imported; a well-formed record that cannot become an account (an invalid
/// address, claims too large, a hash of the wrong length) is refused alone, with the sentence
/// Firebase reports for it.
package struct FirebaseUserRecord: Sendable {
    /// Where records come from: what names they may have and how their times and hashes read.
    package enum Source: Sendable {
        /// `accounts:batchCreate` (`lastLoginAt`; the API's other `UserInfo` names are known).
        case api
        /// A `firebase auth:export` file (`lastSignedInAt`; the names firebase-tools accepts).
        case exportFile
        /// A `genkan users export` file: an export file whose `passwordHash` is the base64 of a
        /// stored Genkan hash, and whose identities carry their `issuer`.
        case genkanExport
    }

    package enum Failure: Error, Equatable {
        /// The record is not well formed: the whole call or file is refused.
        case malformed(String)
        /// The record has a password hash and the import named no algorithm: the whole call or
        /// file is refused, since every user's hash was made the same way.
        case missingHashAlgorithm
        /// The record is well formed but cannot be imported: this user is refused alone.
        case refused(String)
    }

    /// An account read from a record, with what of the record it does not keep.
    package struct Read: Sendable, Equatable {
        package var account: ImportedAccount
        /// Parts of the record Genkan has no place for (a phone number, second factors, an
        /// identity at a provider without a known issuer), one short phrase each.
        package var dropped: [String]
    }

    let source: Source
    let input: FirebaseInput
    /// The scheme of the import's hashes; nil when it gave none (then a record with a hash is refused).
    let scheme: ImportedHashScheme?
    let saltSeparator: [UInt8]
    /// Providers by Firebase provider id (`google.com`, `oidc.NAME`): their configured name and issuer.
    let providers: [String: (name: String, issuer: String)]

    /// The provider ids every import knows: Google's and Apple's issuers are fixed.
    static let wellKnownProviders: [String: (name: String, issuer: String)] = [
        "google.com": ("google", "https://accounts.google.com"),
        "apple.com": ("apple", "https://appleid.apple.com"),
    ]

    private static let fileNames: Set<String> = [
        "localId", "email", "emailVerified", "passwordHash", "salt", "displayName", "photoUrl", "createdAt", "lastSignedInAt",
        "providerUserInfo", "phoneNumber", "disabled", "customAttributes", "mfaInfo",
    ]
    /// A Genkan export's names: the file's, and whether the account is anonymous.
    private static let genkanNames = fileNames.union(["anonymous"])
    /// `UserInfo`'s names that batchCreate reads, and those it accepts and leaves aside.
    private static let apiNames: Set<String> = [
        "localId", "email", "emailVerified", "passwordHash", "salt", "displayName", "photoUrl", "createdAt", "lastLoginAt",
        "providerUserInfo", "phoneNumber", "disabled", "customAttributes", "mfaInfo", "validSince", "version", "passwordUpdatedAt",
        "lastRefreshAt", "rawPassword", "tenantId", "screenName", "emailLinkSignin", "customAuth", "initialEmail",
    ]
    private static let providerNames: Set<String> = ["providerId", "rawId", "email", "displayName", "photoUrl", "federatedId", "screenName", "phoneNumber"]

    /// A record's members read and typed, before the site's rules: what the first pass of a file
    /// checks (cheaply, every user), and what `validate` turns into an account.
    package struct Parsed: Sendable {
        /// The uid, when the record has one.
        package var uid: String?
        var email: String?, displayName: String?, photoURL: String?, claims: String?
        var emailVerified = false, disabled = false, anonymous = false
        var createdAt: Int64?, lastSignInAt: Int64?
        var hash: [UInt8]?, salt: [UInt8]?
        var identities: [(providerID: String, rawID: String, email: String?, issuer: String?)] = []
        /// Why the user is refused whatever the rules say (found while reading), if it is.
        var refusal: String?
        package var dropped: [String] = []
        /// Whether the record has a password hash.
        package var hasPasswordHash: Bool { !(hash ?? []).isEmpty }
    }

    /// Reads and checks a record: `parse`, then `validate`.
    package func read(_ record: JSONValue) -> Result<Read, Failure> {
        parse(record).flatMap(validate)
    }

    /// The record's members, each of the type Firebase gives it: `.malformed` otherwise, or
    /// `.missingHashAlgorithm` for a hash when the import named no algorithm. Every member is read
    /// before anything is refused, so a malformed record is found whatever else is wrong with it.
    package func parse(_ record: JSONValue) -> Result<Parsed, Failure> {
        do throws(Failure) { return .success(try parsing(record)) } catch { return .failure(error) }
    }

    private func parsing(_ record: JSONValue) throws(Failure) -> Parsed {
        guard let members = record.members else { throw .malformed("a user is not an object") }
        let known = source == .api ? Self.apiNames : source == .genkanExport ? Self.genkanNames : Self.fileNames
        // Each name once: the readers refuse a name given twice (files) or keep its last value (the API).
        for member in members where !known.contains(member.name) {
            throw .malformed("unknown name \"\(member.name)\"")
        }
        var parsed = Parsed()
        func value(_ name: String) -> JSONValue? {
            guard let value = record[member: name], value != .null else { return nil }
            return value
        }
        func string(_ name: String) throws(Failure) -> String? {
            guard let value = value(name) else { return nil }
            guard let text = value.stringValue, !Self.hasNUL(text) else { throw .malformed("\"\(name)\" is not a string") }
            return text
        }
        func bool(_ name: String) throws(Failure) -> Bool {
            guard let value = value(name) else { return false }
            guard let flag = value.boolValue else { throw .malformed("\"\(name)\" is not true or false") }
            return flag
        }
        func bytes(_ name: String) throws(Failure) -> [UInt8]? {
            guard let text = try string(name) else { return nil }
            guard let decoded = Base64.decode(text) else { throw .malformed("\"\(name)\" is not base64") }
            return decoded
        }
        /// Milliseconds since 1970 as Firebase writes them (a string of digits, or a number), in seconds.
        func time(_ name: String) throws(Failure) -> Int64? {
            guard let value = value(name) else { return nil }
            let milliseconds: Int64?
            switch value {
            case .string(let text): milliseconds = text.utf8.allSatisfy { (0x30...0x39).contains($0) } ? Int64(text) : nil
            case .number(let number): milliseconds = number.int64
            default: milliseconds = nil
            }
            guard let milliseconds, milliseconds >= 0, milliseconds <= 253_402_300_799_999 else {
                throw .malformed("\"\(name)\" is not a time in milliseconds")
            }
            return milliseconds / 1000
        }
        func refuse(_ reason: String) {
            if parsed.refusal == nil { parsed.refusal = reason }
        }

        parsed.uid = try string("localId")
        parsed.email = try string("email")
        parsed.displayName = try string("displayName")
        parsed.photoURL = try string("photoUrl")
        parsed.claims = try string("customAttributes")
        parsed.emailVerified = try bool("emailVerified")
        parsed.disabled = try bool("disabled")
        if source == .genkanExport { parsed.anonymous = try bool("anonymous") }
        parsed.createdAt = try time("createdAt")
        parsed.lastSignInAt = try time(source == .api ? "lastLoginAt" : "lastSignedInAt")
        parsed.hash = try bytes("passwordHash")
        parsed.salt = try bytes("salt")
        try identities(value("providerUserInfo"), into: &parsed)
        if try string("phoneNumber") != nil { parsed.dropped.append("phone number") }
        if let factors = value("mfaInfo") {
            guard let list = factors.arrayValue else { throw .malformed("\"mfaInfo\" is not a list") }
            if !list.isEmpty { parsed.dropped.append("second factors") }
        }
        if source == .api {
            _ = try time("validSince")
            _ = try time("passwordUpdatedAt")
            if try string("rawPassword") != nil { refuse("rawPassword is not imported: give passwordHash and the hash algorithm") }
            if try string("tenantId") != nil { refuse("Tenant id in userInfo does not match the tenant id in request.") }
        }
        if parsed.hasPasswordHash, scheme == nil, source != .genkanExport { throw .missingHashAlgorithm }
        switch parsed.uid {
        case nil, ""?: refuse("localId is missing")
        case let uid? where !AccountStore.isValidUID(uid): refuse("localId must be 1 to \(AccountStore.maximumUIDLength) characters")
        default: break
        }
        return parsed
    }

    /// The account a parsed record makes under the site's rules, or why it is refused.
    package func validate(_ parsed: Parsed) -> Result<Read, Failure> {
        do throws(Failure) { return .success(try validating(parsed)) } catch { return .failure(error) }
    }

    private func validating(_ parsed: Parsed) throws(Failure) -> Read {
        if let refusal = parsed.refusal { throw .refused(refusal) }
        guard let uid = parsed.uid else { throw .refused("localId is missing") }
        var account = ImportedAccount(uid: uid)
        account.emailVerified = parsed.emailVerified
        account.disabled = parsed.disabled
        account.anonymous = parsed.anonymous
        account.createdAt = parsed.createdAt
        account.lastSignInAt = parsed.lastSignInAt
        if let email = parsed.email {
            do throws(FirebaseError) { account.email = try input.email(email) } catch { throw .refused("email is invalid") }
        }
        do throws(FirebaseError) {
            (account.displayName, account.nameKey) = try input.displayName(parsed.displayName)
        } catch {
            throw .refused("displayName is invalid")
        }
        do throws(FirebaseError) { account.photoURL = try input.photoURL(parsed.photoURL) } catch { throw .refused("photoUrl is too long") }
        if let claims = parsed.claims {
            switch DeveloperClaims.checked(claims) {
            case .success(let text): account.customClaims = text
            case .failure(.tooLarge): throw .refused("Custom claims provided are too large.")
            case .failure(.notAnObject): throw .refused("Invalid custom claims provided.")
            case .failure(.reserved): throw .refused("Custom claims provided include a reserved claim.")
            }
        }
        var dropped = parsed.dropped
        for entry in parsed.identities {
            let provider: (name: String, issuer: String)?
            if let issuer = entry.issuer, source == .genkanExport {
                provider = (Self.providerName(entry.providerID), issuer)
            } else {
                provider = providers[entry.providerID] ?? Self.wellKnownProviders[entry.providerID]
            }
            guard let provider else {
                dropped.append("identity at \(entry.providerID)")
                continue
            }
            guard !account.identities.contains(where: { $0.issuer == provider.issuer }) else {
                throw .refused("two identities at \(entry.providerID)")
            }
            let email = entry.email.flatMap { try? input.email($0) }
            account.identities.append(ImportedAccount.Identity(provider: provider.name, issuer: provider.issuer, subject: entry.rawID, email: email))
        }
        if let hash = parsed.hash, !hash.isEmpty {
            account.password = try password(hash, salt: parsed.salt ?? [])
        } else if let salt = parsed.salt, !salt.isEmpty {
            throw .refused("a password salt without a password hash")
        }
        if account.anonymous, account.email != nil || account.password != nil || !account.identities.isEmpty {
            throw .refused("an anonymous account has no address, password or identity")
        }
        return Read(account: account, dropped: dropped)
    }

    private func password(_ hash: [UInt8], salt: [UInt8]) throws(Failure) -> ImportedAccount.Password {
        if source == .genkanExport {
            guard salt.isEmpty else { throw .refused("a Genkan password hash carries its own salt") }
            let text = String(decoding: hash, as: UTF8.self)
            if let imported = ImportedPasswordHash(stored: text) { return .imported(imported) }
            guard PasswordHasher.isArgon2id(text) else { throw .refused("passwordHash is not a Genkan password hash") }
            return .argon2id(text)
        }
        guard let scheme else { throw .missingHashAlgorithm }
        do throws(ImportProblem) {
            return .imported(try ImportedPasswordHash(scheme: scheme, salt: salt, saltSeparator: saltSeparator, hash: hash))
        } catch {
            throw .refused(error.detail)
        }
    }

    /// The entries of `providerUserInfo`, typed; the password and phone entries say nothing an
    /// import needs.
    private func identities(_ value: JSONValue?, into parsed: inout Parsed) throws(Failure) {
        guard let value else { return }
        guard let entries = value.arrayValue else { throw .malformed("\"providerUserInfo\" is not a list") }
        for entry in entries {
            guard let members = entry.members else { throw .malformed("a providerUserInfo entry is not an object") }
            let allowed = source == .genkanExport ? Self.providerNames.union(["issuer"]) : Self.providerNames
            for member in members where !allowed.contains(member.name) {
                throw .malformed("unknown name \"\(member.name)\" in providerUserInfo")
            }
            func text(_ name: String) throws(Failure) -> String? {
                guard let value = entry[member: name], value != .null else { return nil }
                guard let text = value.stringValue, !Self.hasNUL(text) else { throw .malformed("providerUserInfo's \"\(name)\" is not a string") }
                return text
            }
            let providerID = try text("providerId") ?? "", rawID = try text("rawId") ?? ""
            let email = try text("email"), issuer = try text("issuer")
            _ = try text("displayName")
            _ = try text("photoUrl")
            if providerID == "password" || providerID == "phone" { continue }
            guard !providerID.isEmpty, !rawID.isEmpty, rawID.utf8.count <= 255 else {
                if parsed.refusal == nil { parsed.refusal = "federatedId or (providerId & rawId) is required" }
                continue
            }
            parsed.identities.append((providerID, rawID, email, issuer))
        }
    }

    /// Whether `text` holds U+0000, searched in its own UTF-8 where it has it (an import asks for
    /// every string of every user).
    static func hasNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
    }

    /// The configured name a Firebase provider id stands for (`UserRecord.firebaseProviderID` reversed).
    static func providerName(_ providerID: String) -> String {
        switch providerID {
        case "google.com": "google"
        case "apple.com": "apple"
        default: providerID.hasPrefix("oidc.") ? String(providerID.dropFirst(5)) : providerID
        }
    }
}
