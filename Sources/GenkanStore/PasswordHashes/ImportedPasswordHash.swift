/// One account's password hash as another system made it, kept until the account's first right
/// password replaces it with Argon2id: the scheme, the salt (with the import's separator already
/// appended) and the hash. Its stored form is self-describing text (`stored`), so it lives in the
/// same column as Argon2id's PHC strings and a store needs nothing new to hold it.
public struct ImportedPasswordHash: Sendable, Hashable {
    public let scheme: ImportedHashScheme
    /// The salt the algorithm hashes with: the user's salt followed by the import's separator.
    public let salt: [UInt8]
    /// The hash; for bcrypt, the whole `$2b$…` string's bytes.
    public let hash: [UInt8]

    /// One user's hash as an import gives it, checked against its scheme: its length (a digest's,
    /// the signer key's, the derived key's), bcrypt's format and cost. An MD5 hash may also be
    /// given as its 32 hexadecimal digits, which Firebase accepts (its Admin SDK tests import
    /// `digest('hex')`); it is kept as the 16 bytes they spell.
    public init(scheme: ImportedHashScheme, salt: [UInt8], saltSeparator: [UInt8] = [], hash: [UInt8]) throws(ImportProblem) {
        typealias Limits = ImportedHashScheme.Limits
        let name = scheme.algorithm.rawValue
        guard salt.count <= Limits.bytes else { throw ImportProblem(.invalidSalt, "The password salt must be at most \(Limits.bytes) bytes.") }
        guard !hash.isEmpty else { throw ImportProblem(.invalidHash, "The password hash is empty.") }
        var hash = hash
        switch scheme {
        case .firebaseScrypt(let signerKey, _, _):
            guard hash.count == signerKey.count else {
                throw ImportProblem(
                    .invalidHash, "A \(name) password hash has as many bytes as the signer key (\(signerKey.count)), not \(hash.count).")
            }
        case .scrypt(_, _, _, let keyLength):
            guard hash.count == keyLength else {
                throw ImportProblem(.invalidHash, "A \(name) password hash has the derived key's \(keyLength) bytes, not \(hash.count).")
            }
        case .bcrypt:
            guard let cost = Self.bcryptCost(hash) else {
                throw ImportProblem(.invalidHash, "A BCRYPT password hash is a whole $2a$, $2b$ or $2y$ string of 60 characters.")
            }
            guard Limits.bcryptCost.contains(cost) else {
                throw ImportProblem(
                    .invalidHash, "A BCRYPT cost must be from \(Limits.bcryptCost.lowerBound) to \(Limits.bcryptCost.upperBound), not \(cost).")
            }
        case .pbkdf2:
            guard Limits.keyLength.contains(hash.count) else {
                throw ImportProblem(.invalidHash, "A \(name) password hash has 1 to \(Limits.keyLength.upperBound) bytes, not \(hash.count).")
            }
        case .hmac(let digest, _, _), .digest(let digest, _, _):
            if case .digest(.md5, _, _) = scheme, hash.count == 32, let bytes = Self.hexadecimal(hash) {
                hash = bytes
            }
            guard hash.count == digest.length else {
                throw ImportProblem(.invalidHash, "A \(name) password hash has \(digest.length) bytes, not \(hash.count).")
            }
        }
        self.scheme = scheme
        // bcrypt carries its salt inside the hash; a salt given beside it would never be used.
        self.salt = scheme == .bcrypt ? [] : salt + saltSeparator
        self.hash = hash
    }

    /// Whether a stolen copy of this hash is cheap to guess against (`ImportedHashScheme.isWeak`).
    public var isWeak: Bool { scheme.isWeak }

    /// The cost of a bcrypt string (`$2b$10$` + 22 characters of salt + 31 of hash, in bcrypt's
    /// base64 alphabet), or nil when `bytes` is not one.
    static func bcryptCost(_ bytes: [UInt8]) -> Int? {
        guard bytes.count == 60, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "y")].contains(bytes[2]), bytes[3] == UInt8(ascii: "$"),
            bytes[6] == UInt8(ascii: "$"), let tens = decimalDigit(bytes[4]), let units = decimalDigit(bytes[5])
        else { return nil }
        let alphabet = Set("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        guard bytes[7...].allSatisfy(alphabet.contains) else { return nil }
        return tens * 10 + units
    }

    private static func decimalDigit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// The bytes spelled by hexadecimal digits (either case), or nil.
    private static func hexadecimal(_ digits: [UInt8]) -> [UInt8]? {
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
