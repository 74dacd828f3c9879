/// A password hash algorithm Firebase Authentication imports, by the name its API
/// (`accounts:batchCreate`'s `hashAlgorithm`) and `firebase auth:import --hash-algo` give it.
/// Firebase's own `SCRYPT` is a modified scrypt; `STANDARD_SCRYPT` is RFC 7914's.
public enum ImportedHashAlgorithm: String, CaseIterable, Sendable, Hashable {
    case scrypt = "SCRYPT"
    case standardScrypt = "STANDARD_SCRYPT"
    case bcrypt = "BCRYPT"
    case pbkdf2SHA256 = "PBKDF2_SHA256"
    case pbkdfSHA1 = "PBKDF_SHA1"
    case hmacSHA512 = "HMAC_SHA512"
    case hmacSHA256 = "HMAC_SHA256"
    case hmacSHA1 = "HMAC_SHA1"
    case hmacMD5 = "HMAC_MD5"
    case sha512 = "SHA512"
    case sha256 = "SHA256"
    case sha1 = "SHA1"
    case md5 = "MD5"

    /// The algorithm named `name`, in any case (`firebase auth:import` upper-cases its flag).
    public init?(name: String) {
        self.init(rawValue: name.uppercased())
    }
}
