import GenkanJSON

/// The JWS algorithms Genkan verifies (RFC 7518 §3.1); `none` and the symmetric HS* never are.
public enum SignatureAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256"
    case es256 = "ES256"
}

/// A JWT in JWS compact serialization (RFC 7519 §3, RFC 7515 §7.1), split and decoded but not
/// yet trusted: `IDTokenVerifier` checks its signature and claims.
public struct JSONWebToken: Sendable {
    public let header: JSONValue
    public let claims: JSONValue
    /// `BASE64URL(header) || '.' || BASE64URL(payload)`: the bytes the signature covers.
    public let signingInput: [UInt8]
    public let signature: [UInt8]

    /// Tokens longer than this are refused before decoding (Google's and Apple's are ~1 KiB).
    public static let maximumLength = 16 * 1024

    /// - Throws: `.malformedToken` when it is not three base64url parts of JSON objects.
    public init(compact: String) throws(OIDCFailure) {
        guard compact.utf8.count <= Self.maximumLength else { throw .malformedToken("longer than \(Self.maximumLength) bytes") }
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformedToken("not three dot-separated parts (JWE and unsecured tokens are refused)") }
        guard let headerBytes = Base64URL.decode(parts[0]), let header = JSONReader.value(headerBytes), case .object = header else {
            throw .malformedToken("the header is not base64url JSON")
        }
        guard let claimBytes = Base64URL.decode(parts[1]), let claims = JSONReader.value(claimBytes), case .object = claims else {
            throw .malformedToken("the payload is not base64url JSON")
        }
        guard let signature = Base64URL.decode(parts[2]), !signature.isEmpty else { throw .malformedToken("no signature") }
        self.header = header
        self.claims = claims
        self.signature = signature
        signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
    }

    /// The header's `alg`, when Genkan verifies it.
    public var algorithm: SignatureAlgorithm? { header[member: "alg"]?.stringValue.flatMap(SignatureAlgorithm.init) }
    /// The header's `kid`.
    public var keyID: String? { header[member: "kid"]?.stringValue }

    /// A compact JWS of `claims` signed by `sign` (Apple's client secret; tokens in tests).
    public static func compact(
        header: JSONValue, claims: JSONValue, sign: ([UInt8]) throws(CryptoFailure) -> [UInt8]
    ) throws(CryptoFailure) -> String {
        let input = Base64URL.encode(header.serialized()) + "." + Base64URL.encode(claims.serialized())
        return input + "." + Base64URL.encode(try sign(Array(input.utf8)))
    }
}
