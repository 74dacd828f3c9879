import GenkanJSON
import GenkanOIDC
import GenkanValidation

/// A Google service account whose key signs what Genkan accepts from an operator's backend
/// (`--firebase-service-account FILE`): the Admin SDKs' custom tokens, and bearer tokens for the
/// admin endpoints. Read from the JSON key file Google issues (`"type": "service_account"`,
/// `project_id`, `private_key_id`, `private_key`, `client_email`); only the public half of the key
/// is kept.
public struct FirebaseServiceAccount: Sendable, Hashable {
    /// The account's address: custom tokens' `iss` and `sub`.
    public let clientEmail: String
    public let projectID: String
    /// `private_key_id`: the `kid` the Admin SDKs write.
    public let keyID: String
    /// The public key, RS256.
    let keys: JSONWebKeySet

    /// Reads a JSON key file's bytes.
    ///
    /// - Throws: a message naming `source` and what is wrong (not a service account key, a field
    ///   missing, a key that is not an RSA private key of 2,048 bits or more).
    public init(json bytes: [UInt8], source: String) throws(ServiceAccountError) {
        guard let document = JSONReader.value(bytes), case .object = document else {
            throw ServiceAccountError("\(source) is not a JSON object (a Google service account key file is expected)")
        }
        guard document[member: "type"]?.stringValue == "service_account" else {
            throw ServiceAccountError("\(source) is not a service account key (\"type\" is not \"service_account\")")
        }
        func field(_ name: String) throws(ServiceAccountError) -> String {
            guard let value = document[member: name]?.stringValue, !value.isEmpty else {
                throw ServiceAccountError("\(source) has no \"\(name)\"")
            }
            return value
        }
        let email = try field("client_email"), project = try field("project_id"), keyID = try field("private_key_id")
        let pem = try field("private_key")
        let key: RSAPrivateKey
        do throws(CryptoFailure) {
            key = try RSAPrivateKey(pem: pem)
        } catch {
            throw ServiceAccountError("\(source): \"private_key\" is not an RSA private key in PEM that Genkan can use")
        }
        // COpenSSL refuses RSA keys under 2048 bits when verifying; refuse them at start instead.
        guard key.modulus.count >= 256 else { throw ServiceAccountError("\(source): the key has fewer than 2048 bits") }
        clientEmail = email
        projectID = project
        self.keyID = keyID
        keys = JSONWebKeySet(keys: [key.publicJWK(keyID: keyID)])
    }

    public static func == (a: FirebaseServiceAccount, b: FirebaseServiceAccount) -> Bool {
        a.clientEmail == b.clientEmail && a.keyID == b.keyID && a.keys == b.keys
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(clientEmail)
        hasher.combine(keyID)
    }
}

/// Why a service account key file cannot be used; the message is for the operator.
public struct ServiceAccountError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The registered service accounts, found by their address.
struct ServiceAccounts: Sendable {
    let all: [FirebaseServiceAccount]

    init(_ all: [FirebaseServiceAccount]) {
        self.all = all
    }

    var isEmpty: Bool { all.isEmpty }

    func account(email: String) -> FirebaseServiceAccount? {
        all.first { $0.clientEmail == email }
    }

    /// What checking a JWT signed by a service account found.
    enum Verdict: Sendable {
        /// Signed by the registered account named by `iss`; its claims, and the payload's bytes
        /// (for members whose numbers must stay exact).
        case valid(claims: JSONValue, payload: [UInt8])
        /// `iss` names no registered account: a key of another project.
        case unknownSigner
        /// Malformed, another algorithm, a wrong signature, `sub` not `iss`, or outside its
        /// lifetime; the reason is for the detail of the answer.
        case invalid(String)
    }

    /// Checks a compact JWS signed with RS256 by a registered service account (`iss` and `sub` its
    /// address), at most `maximumLifetime` seconds long (`exp - iat`) and live at `now` (a minute
    /// of clock difference tolerated). The audience is the caller's to check.
    func verify(_ compact: String, now: Int64, maximumLifetime: Int64 = 3600) -> Verdict {
        let token: JSONWebToken
        do throws(OIDCFailure) {
            token = try JSONWebToken(compact: compact)
        } catch {
            return .invalid("Invalid assertion format")
        }
        guard token.algorithm == .rs256 else { return .invalid("The token must be signed with RS256") }
        guard let issuer = token.claims[member: "iss"]?.stringValue, let account = account(email: issuer) else { return .unknownSigner }
        guard token.claims[member: "sub"]?.stringValue == issuer else { return .invalid("sub must be the service account's address") }
        do throws(OIDCFailure) {
            try IDTokenVerifier.checkSignature(token, keys: account.keys)
        } catch {
            return .invalid("The token's signature does not verify with the service account's key")
        }
        guard let issuedAt = token.claims[member: "iat"]?.numericDate, let expiresAt = token.claims[member: "exp"]?.numericDate else {
            return .invalid("iat and exp are required")
        }
        guard Int64(expiresAt) - Int64(issuedAt) <= maximumLifetime, expiresAt > issuedAt else {
            return .invalid("The token must expire within an hour of its issue")
        }
        guard now < Int64(expiresAt) + 60 else { return .invalid("Token expired") }
        guard Int64(issuedAt) <= now + 60 else { return .invalid("The token was issued in the future") }
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        return .valid(claims: token.claims, payload: Base64URL.decode(parts[1]) ?? [])
    }
}
