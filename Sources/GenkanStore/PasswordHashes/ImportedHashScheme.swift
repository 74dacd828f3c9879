/// How an imported password hash was made: an algorithm with every parameter it needs, checked
/// against the bounds below, so that verifying one can neither fail on its parameters nor cost
/// more than a bounded amount of time and memory.
///
/// What each scheme computes (facts from Firebase's documentation, firebase-tools and the Admin
/// SDKs' integration tests, which import hashes made by Node's `crypto` and sign in with them):
/// - `firebaseScrypt`: scrypt(password, salt, N = 2^memoryCost, r = rounds, p = 1, 64 bytes);
///   its first 32 bytes key AES-256-CTR (counter block all zeros), which encrypts the project's
///   signer key; the ciphertext is the hash.
/// - `scrypt`: RFC 7914 scrypt(password, salt, N, r, p), as many bytes as the hash has.
/// - `bcrypt`: the whole `$2a$`/`$2b$`/`$2y$` string is the hash (its salt is inside it).
/// - `pbkdf2`: RFC 8018 PBKDF2-HMAC(password, salt, iterations), as many bytes as the hash has.
/// - `hmac`: HMAC(key, password ‖ salt) by default (the Admin SDKs' tests: `createHmac(…)
///   .update(password + salt)`).
/// - `digest`: H(salt ‖ password) by default (the tests: `createHash('sha256').update(salt +
///   password)`), then H of the previous digest until `rounds` digests were taken (0 counts as 1).
/// A salt separator, where one is given, is appended to the salt before any of these.
public enum ImportedHashScheme: Sendable, Hashable {
    /// Firebase Authentication's own modified scrypt (`SCRYPT`).
    case firebaseScrypt(signerKey: [UInt8], rounds: Int, memoryCost: Int)
    /// RFC 7914 scrypt (`STANDARD_SCRYPT`); `cost` is N.
    case scrypt(cost: Int, blockSize: Int, parallelization: Int, keyLength: Int)
    case bcrypt
    case pbkdf2(Digest, iterations: Int)
    case hmac(Digest, key: [UInt8], order: InputOrder)
    case digest(Digest, rounds: Int, order: InputOrder)

    /// The message digests these schemes use.
    public enum Digest: String, Sendable, Hashable, CaseIterable {
        case md5, sha1, sha256, sha512

        /// The digest's length in bytes.
        public var length: Int {
            switch self {
            case .md5: 16
            case .sha1: 20
            case .sha256: 32
            case .sha512: 64
            }
        }
    }

    /// Which comes first in the input of a digest or an HMAC: Firebase's `passwordHashOrder`.
    public enum InputOrder: String, Sendable, Hashable {
        case saltAndPassword = "SALT_AND_PASSWORD"
        case passwordAndSalt = "PASSWORD_AND_SALT"
    }

    /// The bounds a scheme is held to. Firebase's own ranges where it has them (the Admin SDKs
    /// check them: scrypt rounds 1–8 and memory cost 1–14, digest rounds up to 8192, PBKDF2 up to
    /// 120,000); Genkan's where it has none, so one sign-in attempt cannot hold a hashing thread
    /// for seconds or take more memory than Argon2id's few times over.
    public enum Limits {
        public static let firebaseScryptRounds = 1...8
        public static let firebaseScryptMemoryCost = 1...14
        /// 128·r·N bytes of memory at most: 64 MiB (Firebase's own scrypt takes 16 MiB).
        public static let scryptMemory = 64 << 20
        /// N·r·p at most: 8 times Firebase's own scrypt (2^14 · 8 · 1).
        public static let scryptWork = 1 << 20
        public static let scryptBlockSize = 1...32
        public static let scryptParallelization = 1...16
        public static let keyLength = 1...256
        /// The bcrypt costs accepted: 2^14 rounds take about a second.
        public static let bcryptCost = 4...14
        public static let pbkdf2Iterations = 0...120_000
        public static let md5Rounds = 0...8192
        public static let digestRounds = 1...8192
        /// Keys, salts and separators, in bytes.
        public static let bytes = 1024
    }

    /// The algorithm's Firebase name.
    public var algorithm: ImportedHashAlgorithm {
        switch self {
        case .firebaseScrypt: .scrypt
        case .scrypt: .standardScrypt
        case .bcrypt: .bcrypt
        case .pbkdf2(.sha1, _): .pbkdfSHA1
        case .pbkdf2: .pbkdf2SHA256
        case .hmac(.sha512, _, _): .hmacSHA512
        case .hmac(.sha256, _, _): .hmacSHA256
        case .hmac(.sha1, _, _): .hmacSHA1
        case .hmac: .hmacMD5
        case .digest(.sha512, _, _): .sha512
        case .digest(.sha256, _, _): .sha256
        case .digest(.sha1, _, _): .sha1
        case .digest: .md5
        }
    }

    /// Whether a stolen hash made this way can be guessed at a rate near a plain digest's: digests
    /// and HMACs (whose key is stored beside them) at any rounds, and PBKDF2 under
    /// `strongIterations`. `genkan db check` counts the accounts still on one; each moves to
    /// Argon2id at its next sign-in.
    public var isWeak: Bool {
        switch self {
        case .firebaseScrypt, .scrypt, .bcrypt: false
        case .pbkdf2(_, let iterations): iterations < Self.strongIterations
        case .hmac, .digest: true
        }
    }

    /// The PBKDF2 iterations below which `isWeak` holds (OWASP asks for 600,000 with SHA-256 today;
    /// Firebase accepts at most 120,000, so this marks the ones far below even that).
    public static let strongIterations = 100_000
}
