import GenkanJSON

/// The text an imported hash is stored as, in the column Argon2id's PHC strings live in:
/// `$ID$PARAMETERS$SALT$HASH` in the shape of the PHC string format (parameters `name=value`
/// separated by commas; salt, hash and byte parameters in base64 without padding), with one
/// identifier per scheme:
///
/// ```
/// $firebase-scrypt$r=8,m=14,k=SIGNERKEY$SALT$HASH    Firebase's scrypt (the separator is in SALT)
/// $scrypt$ln=10,r=8,p=16$SALT$HASH                   RFC 7914 scrypt, N = 2^ln (PHC's own names)
/// $pbkdf2-sha256$i=100000$SALT$HASH                  also pbkdf2-sha1
/// $hmac-sha256$k=KEY,o=ps$SALT$HASH                  also hmac-sha512, -sha1, -md5; o=ps|sp
/// $sha256$i=1,o=sp$SALT$HASH                         also sha512, sha1, md5; i = rounds
/// $2b$10$…                                           bcrypt, as it came
/// ```
///
/// `o` is the input order (`ps`: password then salt; `sp`: salt then password). None of these
/// identifiers is `argon2id`, so `PasswordHasher` tells its own hashes from imported ones by the
/// first field. Reading is strict: a text is read only if writing what it read gives the same
/// text back, so each hash has one spelling.
extension ImportedPasswordHash {
    /// The self-describing text this hash is stored as.
    public var stored: String {
        if scheme == .bcrypt { return String(decoding: hash, as: UTF8.self) }
        let (identifier, parameters) = Self.fields(of: scheme)
        return "$\(identifier)$\(parameters)$\(Self.base64(salt))$\(Self.base64(hash))"
    }

    /// The hash `stored` holds, or nil when it is not one this Genkan writes (an Argon2id string
    /// among them).
    public init?(stored: String) {
        if stored.hasPrefix("$2") {
            guard let read = try? ImportedPasswordHash(scheme: .bcrypt, salt: [], hash: Array(stored.utf8)) else { return nil }
            self = read
            return
        }
        let fields = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0].isEmpty,
            let salt = Base64.decode(fields[3]), let hash = Base64.decode(fields[4]),
            let scheme = Self.scheme(identifier: fields[1], parameters: fields[2], hashLength: hash.count),
            let read = try? ImportedPasswordHash(scheme: scheme, salt: salt, hash: hash), read.stored == stored
        else { return nil }
        self = read
    }

    /// Whether `stored` is a hash this Genkan imported (whatever its state), rather than its own
    /// Argon2id or something else.
    public static func isImported(_ stored: String) -> Bool {
        ImportedPasswordHash(stored: stored) != nil
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        Base64.encode(bytes, alphabet: .standard, padded: false)
    }

    private static func order(_ order: ImportedHashScheme.InputOrder) -> String {
        order == .passwordAndSalt ? "ps" : "sp"
    }

    private static func fields(of scheme: ImportedHashScheme) -> (String, String) {
        switch scheme {
        case .firebaseScrypt(let signerKey, let rounds, let memoryCost):
            ("firebase-scrypt", "r=\(rounds),m=\(memoryCost),k=\(base64(signerKey))")
        case .scrypt(let cost, let blockSize, let parallelization, _):
            ("scrypt", "ln=\(cost.trailingZeroBitCount),r=\(blockSize),p=\(parallelization)")
        case .bcrypt:
            ("2b", "")
        case .pbkdf2(let digest, let iterations):
            ("pbkdf2-\(digest.rawValue)", "i=\(iterations)")
        case .hmac(let digest, let key, let inputOrder):
            ("hmac-\(digest.rawValue)", "k=\(base64(key)),o=\(order(inputOrder))")
        case .digest(let digest, let rounds, let inputOrder):
            (digest.rawValue, "i=\(rounds),o=\(order(inputOrder))")
        }
    }

    /// The scheme an identifier and its parameters name, within the import limits; nil otherwise.
    /// RFC 7914 scrypt's derived key length is the stored hash's.
    private static func scheme(identifier: Substring, parameters: Substring, hashLength: Int) -> ImportedHashScheme? {
        typealias Limits = ImportedHashScheme.Limits
        var values: [Substring: Substring] = [:]
        for parameter in parameters.split(separator: ",", omittingEmptySubsequences: false) {
            guard let equals = parameter.firstIndex(of: "=") else { return nil }
            values[parameter[..<equals]] = parameter[parameter.index(after: equals)...]
        }
        func number(_ name: Substring, _ range: ClosedRange<Int>) -> Int? {
            guard let text = values[name], let value = Int(text), range.contains(value) else { return nil }
            return value
        }
        func bytes(_ name: Substring) -> [UInt8]? {
            guard let text = values[name], let value = Base64.decode(text), !value.isEmpty, value.count <= Limits.bytes else { return nil }
            return value
        }
        func inputOrder() -> ImportedHashScheme.InputOrder? {
            switch values["o"] {
            case "ps": .passwordAndSalt
            case "sp": .saltAndPassword
            default: nil
            }
        }
        switch identifier {
        case "firebase-scrypt":
            guard let rounds = number("r", Limits.firebaseScryptRounds), let memoryCost = number("m", Limits.firebaseScryptMemoryCost),
                let key = bytes("k")
            else { return nil }
            return .firebaseScrypt(signerKey: key, rounds: rounds, memoryCost: memoryCost)
        case "scrypt":
            guard let logCost = number("ln", 1...30), let blockSize = number("r", Limits.scryptBlockSize),
                let parallelization = number("p", Limits.scryptParallelization)
            else { return nil }
            let cost = 1 << logCost
            guard 128 * blockSize * cost <= Limits.scryptMemory, cost * blockSize * parallelization <= Limits.scryptWork else { return nil }
            return .scrypt(cost: cost, blockSize: blockSize, parallelization: parallelization, keyLength: hashLength)
        case "pbkdf2-sha256", "pbkdf2-sha1":
            guard let iterations = number("i", Limits.pbkdf2Iterations) else { return nil }
            return .pbkdf2(identifier == "pbkdf2-sha1" ? .sha1 : .sha256, iterations: iterations)
        default:
            if identifier.hasPrefix("hmac-"), let digest = ImportedHashScheme.Digest(rawValue: String(identifier.dropFirst(5))) {
                guard let key = bytes("k"), let order = inputOrder() else { return nil }
                return .hmac(digest, key: key, order: order)
            }
            if let digest = ImportedHashScheme.Digest(rawValue: String(identifier)) {
                let range = digest == .md5 ? Limits.md5Rounds : Limits.digestRounds
                guard let rounds = number("i", range), let order = inputOrder() else { return nil }
                return .digest(digest, rounds: rounds, order: order)
            }
            return nil
        }
    }
}
