import GenkanJSON
import GenkanOIDC
import GenkanStore
import GenkanValidation

/// Checks the custom tokens of `accounts:signInWithCustomToken`, as the Admin SDKs' `createCustomToken`
/// makes them: a JWT whose `uid` is the account to sign in as and whose `claims` go into its ID
/// tokens, for the audience `IdentityToolkit`.
///
/// Outside emulator mode it must be signed with RS256 by a registered service account (`iss` and
/// `sub` its address) and live at most an hour; a token of an account that is not registered is
/// `CREDENTIAL_MISMATCH` (a key of another project), anything else wrong `INVALID_CUSTOM_TOKEN`.
/// In emulator mode it is read as the Auth emulator reads it: unsigned (`alg: none`) or signed
/// without checking, any age, or plain JSON; reserved claims are the emulator's `FORBIDDEN_CLAIM`.
struct CustomTokens: Sendable {
    let isEmulator: Bool
    let serviceAccounts: ServiceAccounts

    /// The `aud` of every custom token (Identity Toolkit's service name).
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// The uid to sign in as and the developer claims to keep (JSON text), or Firebase's error.
    func verify(_ token: String, now: Int64) -> Result<(uid: String, claims: String?), FirebaseError> {
        let payload: APIRequestBody
        if isEmulator {
            switch emulatorPayload(token) {
            case .failure(let error): return .failure(error)
            case .success(let members): payload = APIRequestBody(members)
            }
        } else {
            switch serviceAccounts.verify(token, now: now) {
            case .unknownSigner: return .failure(FirebaseError(.credentialMismatch))
            case .invalid(let reason): return .failure(FirebaseError(.invalidCustomToken, reason))
            case .valid(_, let bytes):
                guard let members = JSONValue.apiObject(parsing: bytes) else { return .failure(FirebaseError(.invalidCustomToken)) }
                payload = APIRequestBody(members)
                guard payload["aud"] == .string(Self.audience) else {
                    return .failure(FirebaseError(.invalidCustomToken, "Invalid aud (audience); Firebase ID tokens cannot be used here."))
                }
            }
        }
        let uid: String
        switch payload["uid"] ?? payload["user_id"] {
        case .string(let text)?: uid = text
        case .number(let number)? where number.double.rounded() == number.double && abs(number.double) < 1e15: uid = String(Int64(number.double))
        case nil, .null?: return .failure(FirebaseError(.missingIdentifier))
        default: return .failure(FirebaseError(.invalidCustomToken, "uid must be a string"))
        }
        guard AccountStore.isValidUID(uid) else {
            return .failure(FirebaseError(.invalidCustomToken, "uid must be 1 to \(AccountStore.maximumUIDLength) characters"))
        }
        switch DeveloperClaims.checked(payload["claims"]) {
        case .success(let claims): return .success((uid, claims))
        case .failure(.reserved(let name)):
            return .failure(
                isEmulator ? FirebaseError(.forbiddenClaim, name) : FirebaseError(.invalidCustomToken, "The claim '\(name)' is reserved"))
        case .failure(.tooLarge):
            return .failure(isEmulator ? FirebaseError(.claimsTooLarge) : FirebaseError(.invalidCustomToken, "The claims are too large"))
        case .failure(.notAnObject):
            return .failure(isEmulator ? FirebaseError(.invalidClaims) : FirebaseError(.invalidCustomToken, "claims must be an object"))
        }
    }

    /// The emulator's reading: plain JSON, or a JWT whose signature is not checked, whose `aud`
    /// is the custom-token audience, and whose `iat` and `exp` are not looked at (developers reuse
    /// one token across test runs).
    private func emulatorPayload(_ token: String) -> Result<[(name: String, value: JSONValue)], FirebaseError> {
        if token.hasPrefix("{") {
            guard let members = JSONValue.apiObject(parsing: Array(token.utf8)) else {
                return .failure(FirebaseError(.invalidCustomToken, "((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))"))
            }
            return .success(members)
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), JSONValue.apiObject(parsing: headerBytes) != nil,
            let payloadBytes = Base64URL.decode(parts[1]), let members = JSONValue.apiObject(parsing: payloadBytes)
        else { return .failure(FirebaseError(.invalidCustomToken, "Invalid assertion format")) }
        guard APIRequestBody(members)["aud"] == .string(Self.audience) else {
            return .failure(
                FirebaseError(
                    .invalidCustomToken,
                    "((Invalid aud (audience). Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))"))
        }
        return .success(members)
    }
}
