/// The signature algorithms a Genkan relying party accepts, by their COSE identifiers (IANA
/// "COSE Algorithms"; RFC 9053, RFC 8230).
public enum COSEAlgorithm: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// ECDSA on P-256 with SHA-256; WebAuthn's signatures are DER-encoded.
    case es256 = -7
    /// Ed25519 (EdDSA on edwards25519, RFC 8032).
    case edDSA = -8
    /// RSASSA-PKCS1-v1_5 with SHA-256, moduli of 2048 bits or more.
    case rs256 = -257

    public var description: String {
        switch self {
        case .es256: "ES256"
        case .edDSA: "EdDSA"
        case .rs256: "RS256"
        }
    }
}
