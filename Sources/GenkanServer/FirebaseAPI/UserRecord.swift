import GenkanJSON
import GenkanStore
import GenkanValidation

/// An account as the API's `users` entries describe it (`accounts:lookup`, the admin look-ups and
/// list): Firebase's field names, times as strings of milliseconds (seconds for `validSince`), as
/// Identity Toolkit sends them.
///
/// The SDKs decide what a user is from these fields: the JS SDK's `isAnonymous` is "no address and
/// password, and no `providerUserInfo`", so an anonymous account has none of them; an account has
/// a `password` provider entry only when a password signs in to it, and one entry per linked
/// identity.
enum UserRecord {
    /// Firebase's stand-in for a hash it does not reveal (base64 of `REDACTED`); the iOS SDK reads a
    /// non-empty `passwordHash` as "this user has a password".
    static let redactedHash = "UkVEQUNURUQ="

    /// Firebase's provider id of a configured provider name: `google.com`, `apple.com`, `oidc.NAME`.
    static func firebaseProviderID(_ name: String, configured: [String: String]) -> String {
        if let known = configured[name] { return known }
        switch name {
        case "google": return "google.com"
        case "apple": return "apple.com"
        default: return "oidc." + name
        }
    }

    /// `providerUserInfo`: the password's entry, then each identity's.
    static func providers(_ profile: AccountProfile, providerIDs: [String: String]) -> [JSONValue] {
        let account = profile.account
        var entries: [JSONValue] = []
        if profile.hasPassword && account.hasEmail {
            var entry: JSONValue.Members = [
                ("providerId", .string("password")), ("federatedId", .string(account.email)), ("email", .string(account.email)),
                ("rawId", .string(account.email)),
            ]
            if !account.displayName.isEmpty { entry.append(("displayName", .string(account.displayName))) }
            if let photo = profile.photoURL { entry.append(("photoUrl", .string(photo))) }
            entries.append(.object(entry))
        }
        for identity in profile.identities {
            var entry: JSONValue.Members = [
                ("providerId", .string(firebaseProviderID(identity.provider, configured: providerIDs))),
                ("federatedId", .string(identity.subject)), ("rawId", .string(identity.subject)),
            ]
            if let email = identity.email { entry.append(("email", .string(email))) }
            entries.append(.object(entry))
        }
        return entries
    }

    /// The account as `accounts:lookup` and `batchGet` answer it; `secondFactor` becomes `mfaInfo`
    /// (the client SDK's `enrolledFactors`, the Admin SDK's `multiFactor`).
    static func json(_ profile: AccountProfile, providerIDs: [String: String] = [:], secondFactor: SecondFactor? = nil) -> JSONValue {
        let account = profile.account
        // Member by member into room made once: appending array literals (`+= [...]`) made and
        // grew a temporary array for each, a third of building this answer.
        var fields: JSONValue.Members = []
        fields.reserveCapacity(15)
        fields.append(("localId", .string(account.uid)))
        if account.hasEmail {
            fields.append(("email", .string(account.email)))
            fields.append(("emailVerified", .bool(account.isVerified)))
        }
        if !account.displayName.isEmpty { fields.append(("displayName", .string(account.displayName))) }
        if let photo = profile.photoURL { fields.append(("photoUrl", .string(photo))) }
        let validSince = account.validSince ?? account.createdAt
        if profile.hasPassword {
            fields.append(("passwordHash", .string(redactedHash)))
            fields.append(("passwordUpdatedAt", .integer(Int(validSince) * 1000)))
        }
        fields.append(("providerUserInfo", .array(providers(profile, providerIDs: providerIDs))))
        fields.append(("validSince", .string(String(validSince))))
        fields.append(("disabled", .bool(account.isDisabled)))
        fields.append(("createdAt", .string(String(account.createdAt * 1000))))
        if let lastLogin = profile.lastLoginAt { fields.append(("lastLoginAt", .string(String(lastLogin * 1000)))) }
        if let claims = account.customClaims { fields.append(("customAttributes", .string(claims))) }
        if let secondFactor { fields.append(("mfaInfo", .array([mfaInfo(secondFactor)]))) }
        return .object(fields)
    }

    /// The profile fields of an update's answer (`accounts:update`).
    static func updateJSON(_ profile: AccountProfile, providerIDs: [String: String] = [:]) -> JSONValue.Members {
        let account = profile.account
        var fields: JSONValue.Members = [
            ("kind", .string("identitytoolkit#SetAccountInfoResponse")),
            ("localId", .string(account.uid)),
        ]
        if account.hasEmail { fields.append(("email", .string(account.email))) }
        if !account.displayName.isEmpty { fields.append(("displayName", .string(account.displayName))) }
        if let photo = profile.photoURL { fields.append(("photoUrl", .string(photo))) }
        if account.hasEmail { fields.append(("emailVerified", .bool(account.isVerified))) }
        fields.append(("providerUserInfo", .array(providers(profile, providerIDs: providerIDs))))
        if profile.hasPassword { fields.append(("passwordHash", .string(redactedHash))) }
        return fields
    }
}
