import GenkanJSON
import GenkanStore

/// `genkan users export`: every account as a user of the JSON file `firebase auth:export` writes,
/// so that `genkan users import` (and firebase-tools' reader) read it back: `{"genkan": …,
/// "users": [ … ]}`, one user written at a time as `AccountArchive` reads them a page at a time,
/// so an export of any size takes a page of memory.
///
/// What differs from Firebase's file, and is said in its `genkan` member: each `passwordHash` is the
/// base64 of Genkan's stored text — an Argon2id PHC string, or an imported hash's self-describing
/// form (`$firebase-scrypt$…`, `$sha256$…`) — which carries its own salt and parameters, so `salt`
/// is left out and no hash flags are needed to import it; identities carry their provider's
/// `issuer`, so an OpenID provider's survive the move without `--oidc`; an anonymous account
/// (one an anonymous sign-up made and nothing has been given since) says `"anonymous": true`.
package enum AccountExport {
    /// The `genkan` member: the format's version and how its hashes are written.
    package static let header: JSONValue = .object([
        ("format", .integer(1)),
        ("passwordHash", .string(
            "base64 of Genkan's stored hash: an Argon2id PHC string, or an imported hash in Genkan's self-describing form "
                + "($firebase-scrypt$, $scrypt$, $pbkdf2-sha256$, $hmac-sha256$, $sha256$, …, or bcrypt's $2b$); "
                + "each carries its salt and parameters: import it with genkan users import, without hash flags")),
        ("anonymous", .string(
            "true for an account made by an anonymous sign-up and given nothing since (Firebase's export shows one as a user "
                + "without address, password or providers)")),
    ])

    /// The user `account` is, in firebase-tools' order of members (times in milliseconds, as
    /// strings of digits).
    package static func user(_ archived: ArchivedAccount) -> JSONValue {
        let account = archived.account
        var members: JSONValue.Members = [("localId", .string(account.uid))]
        if account.hasEmail {
            members.append(("email", .string(account.email)))
            members.append(("emailVerified", .bool(account.isVerified)))
        }
        if let hash = archived.passwordHash { members.append(("passwordHash", .string(Base64.encode(Array(hash.utf8))))) }
        if !account.displayName.isEmpty { members.append(("displayName", .string(account.displayName))) }
        if let photo = archived.photoURL { members.append(("photoUrl", .string(photo))) }
        if let last = archived.lastLoginAt { members.append(("lastSignedInAt", .string(String(last * 1000)))) }
        members.append(("createdAt", .string(String(account.createdAt * 1000))))
        members.append(("disabled", .bool(account.isDisabled)))
        // Firebase's export shows an anonymous user as one without address, password or
        // providers, which a custom token's account also is; Genkan tells them apart.
        if account.isAnonymous { members.append(("anonymous", .bool(true))) }
        if let claims = account.customClaims { members.append(("customAttributes", .string(claims))) }
        members.append((
            "providerUserInfo",
            .array(archived.identities.map { identity in
                var entry: JSONValue.Members = [
                    ("providerId", .string(UserRecord.firebaseProviderID(identity.provider, configured: [:]))),
                    ("rawId", .string(identity.subject)),
                ]
                if let email = identity.email { entry.append(("email", .string(email))) }
                entry.append(("issuer", .string(identity.issuer)))
                return .object(entry)
            })
        ))
        return .object(members)
    }
}
