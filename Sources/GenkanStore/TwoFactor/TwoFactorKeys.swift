/// The keys that seal second-factor secrets in the database, read from a file the database does
/// not hold: a dump or a stolen backup alone shows no account's TOTP secret.
///
/// The file has one key per line, 64 hexadecimal digits (32 random bytes); blank lines and lines
/// starting with `#` are ignored. The first key seals every new secret; the others only open
/// secrets sealed before a rotation, each of which is sealed again under the first key the next
/// time it is used.
///
/// A sealed secret is `1`, the key's id (4 bytes: the start of the SHA-256 of the key, so the
/// right key is found without trying each), then `SecretBox`'s nonce and box.
public struct TwoFactorKeys: Sendable {
    public struct Key: Sendable {
        /// The first 4 bytes of the key's SHA-256, in hex: names the key in a sealed secret and in
        /// logs, and reveals nothing of it.
        public let id: String
        fileprivate let idBytes: [UInt8]
        fileprivate let bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            idBytes = Array(Secret.sha256(bytes).prefix(4))
            id = Secret.hex(idBytes)
        }
    }

    /// Why a key file cannot be used.
    public enum FileProblem: Error, Equatable, CustomStringConvertible {
        case noKey
        /// A line that is not 64 hexadecimal digits (1-based line number; the line is not repeated).
        case badLine(Int)
        /// The same key twice.
        case repeatedKey(String)

        public var description: String {
            switch self {
            case .noKey: "the file holds no key (64 hexadecimal digits on a line)"
            case .badLine(let line): "line \(line) is not a key of 64 hexadecimal digits"
            case .repeatedKey(let id): "key \(id) is listed twice"
            }
        }
    }

    /// Seals new secrets.
    public let current: Key
    /// Open secrets sealed before a rotation.
    public let previous: [Key]

    /// Reads a key file's text.
    public init(fileText: String) throws(FileProblem) {
        var keys = [Key]()
        for (index, rawLine) in fileText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let start = rawLine.drop(while: \.isWhitespace)
            let line = start.lastIndex(where: { !$0.isWhitespace }).map { String(start[...$0]) } ?? ""
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let bytes = Self.hexBytes(line), bytes.count == SecretBox.keyLength else { throw .badLine(index + 1) }
            let key = Key(bytes)
            guard !keys.contains(where: { $0.id == key.id }) else { throw .repeatedKey(key.id) }
            keys.append(key)
        }
        guard let first = keys.first else { throw .noKey }
        current = first
        previous = Array(keys.dropFirst())
    }

    /// The text of a new key file: a comment and one random key.
    public static func newFileText() -> String {
        """
        # Genkan's second-factor key: seals TOTP secrets in the database. Keep it with the server's
        # configuration, never with the database's backups. To rotate, put a new key on the first
        # line and keep this one below it until every secret has been sealed again.
        \(Secret.hex(Secret.randomBytes(SecretBox.keyLength)))

        """
    }

    /// `secret` sealed under the current key.
    public func seal(_ secret: [UInt8]) -> [UInt8] {
        [1] + current.idBytes + SecretBox.seal(secret, key: current.bytes)
    }

    /// What opening a sealed secret gives.
    public enum Opened: Sendable, Equatable {
        /// The secret; `sealedByPrevious` is true when a previous key sealed it (seal it again).
        case secret([UInt8], sealedByPrevious: Bool)
        /// Sealed by a key not in the file (a key removed too early, or another site's).
        case unknownKey(id: String)
        /// Not a sealed secret, or changed since it was sealed.
        case damaged
    }

    /// Opens a secret sealed by `seal` under any key of the file.
    public func open(_ sealed: [UInt8]) -> Opened {
        guard sealed.count > 5, sealed[0] == 1 else { return .damaged }
        let id = Array(sealed[1..<5])
        let keys = [current] + previous
        guard let index = keys.firstIndex(where: { $0.idBytes == id }) else { return .unknownKey(id: Secret.hex(id)) }
        guard let secret = SecretBox.open(Array(sealed[5...]), key: keys[index].bytes) else { return .damaged }
        return .secret(secret, sealedByPrevious: index > 0)
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 0x30...0x39: digit - 0x30
            case 0x61...0x66: digit - 0x61 + 10
            case 0x41...0x46: digit - 0x41 + 10
            default: nil
            }
        }
        var bytes = [UInt8]()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
