import GenkanStore
import GenkanValidation

/// An account as the API's `users` entries describe it (`accounts:lookup`, the admin look-ups and
/// list): Firebase's field names, times as strings of milliseconds (seconds for `validSince`), as
/// Identity Toolkit sends them.
enum UserRecord {
    /// Firebase's stand-in for a hash it does not reveal (base64 of `REDACTED`); the iOS SDK reads a
    /// non-empty `passwordHash` as "this user has a password".
    static let redactedHash = "UkVEQUNURUQ="

    static func json(_ profile: AccountProfile) -> JSONValue {
        let account = profile.account
        var provider: [(String, JSONValue)] = [
            ("providerId", .string("password")), ("federatedId", .string(account.email)), ("email", .string(account.email)),
            ("rawId", .string(account.email)),
        ]
        if !account.displayName.isEmpty { provider.append(("displayName", .string(account.displayName))) }
        if let photo = profile.photoURL { provider.append(("photoUrl", .string(photo))) }
        var fields: [(String, JSONValue)] = [
            ("localId", .string(String(account.id))),
            ("email", .string(account.email)),
            ("emailVerified", .bool(account.isVerified)),
        ]
        if !account.displayName.isEmpty { fields.append(("displayName", .string(account.displayName))) }
        if let photo = profile.photoURL { fields.append(("photoUrl", .string(photo))) }
        let validSince = account.validSince ?? account.createdAt
        fields += [
            ("passwordHash", .string(redactedHash)),
            ("passwordUpdatedAt", .integer(Int(validSince) * 1000)),
            ("providerUserInfo", .array([.object(provider)])),
            ("validSince", .string(String(validSince))),
            ("disabled", .bool(account.isDisabled)),
            ("createdAt", .string(String(account.createdAt * 1000))),
        ]
        if let lastLogin = profile.lastLoginAt { fields.append(("lastLoginAt", .string(String(lastLogin * 1000)))) }
        return .object(fields)
    }

    /// The profile fields of an update's answer (`accounts:update`).
    static func updateJSON(_ profile: AccountProfile) -> [(String, JSONValue)] {
        let account = profile.account
        var fields: [(String, JSONValue)] = [
            ("kind", .string("identitytoolkit#SetAccountInfoResponse")),
            ("localId", .string(String(account.id))),
            ("email", .string(account.email)),
        ]
        if !account.displayName.isEmpty { fields.append(("displayName", .string(account.displayName))) }
        if let photo = profile.photoURL { fields.append(("photoUrl", .string(photo))) }
        var provider: [(String, JSONValue)] = [
            ("providerId", .string("password")), ("federatedId", .string(account.email)), ("email", .string(account.email)),
            ("rawId", .string(account.email)),
        ]
        if !account.displayName.isEmpty { provider.append(("displayName", .string(account.displayName))) }
        if let photo = profile.photoURL { provider.append(("photoUrl", .string(photo))) }
        fields += [
            ("emailVerified", .bool(account.isVerified)),
            ("providerUserInfo", .array([.object(provider)])),
            ("passwordHash", .string(redactedHash)),
        ]
        return fields
    }
}
