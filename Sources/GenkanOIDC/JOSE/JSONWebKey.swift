import GenkanJSON

/// A public key from a JWK Set (RFC 7517): RSA (`n`, `e`) or P-256 EC (`x`, `y`). Keys of other
/// types or curves are skipped when a set is read.
public struct JSONWebKey: Sendable, Equatable {
    public enum Material: Sendable, Equatable {
        case rsa(modulus: [UInt8], exponent: [UInt8])
        case p256(x: [UInt8], y: [UInt8])
    }

    public let material: Material
    public let keyID: String?
    /// The key's `alg`, when it names one.
    public let algorithm: String?
    /// The key's `use` (`sig` for signing keys).
    public let use: String?

    public init(material: Material, keyID: String?, algorithm: String?, use: String?) {
        self.material = material
        self.keyID = keyID
        self.algorithm = algorithm
        self.use = use
    }

    /// The key a JWK describes, or nil for one Genkan cannot use.
    public init?(json: JSONValue) {
        let keyID = json[member: "kid"]?.stringValue
        let algorithm = json[member: "alg"]?.stringValue
        let use = json[member: "use"]?.stringValue
        switch json[member: "kty"]?.stringValue {
        case "RSA":
            // Big-endian unsigned integers (RFC 7518 §6.3.1): leading zero bytes dropped, and a
            // value of zero (all zero bytes, found by fuzz-jose) is no key.
            guard let n = json[member: "n"]?.stringValue.flatMap(Base64URL.decode).map({ Array($0.drop { $0 == 0 }) }),
                let e = json[member: "e"]?.stringValue.flatMap(Base64URL.decode).map({ Array($0.drop { $0 == 0 }) }),
                !n.isEmpty, !e.isEmpty
            else { return nil }
            material = .rsa(modulus: n, exponent: e)
        case "EC":
            guard json[member: "crv"]?.stringValue == "P-256",
                let x = json[member: "x"]?.stringValue.flatMap(Base64URL.decode),
                let y = json[member: "y"]?.stringValue.flatMap(Base64URL.decode), x.count == 32, y.count == 32
            else { return nil }
            material = .p256(x: x, y: y)
        default:
            return nil
        }
        self.keyID = keyID
        self.algorithm = algorithm
        self.use = use
    }

    /// Whether this key may check a signature made with `algorithm` (RFC 7517 §4.2, §4.4).
    func fits(_ algorithm: SignatureAlgorithm) -> Bool {
        if let use, use != "sig" { return false }
        if let stated = self.algorithm, stated != algorithm.rawValue { return false }
        switch (material, algorithm) {
        case (.rsa, .rs256), (.p256, .es256): return true
        default: return false
        }
    }

    /// The JWK as JSON (for tests, and a provider's published set).
    public var json: JSONValue {
        var members: JSONValue.Members = []
        switch material {
        case .rsa(let modulus, let exponent):
            members = [("kty", .string("RSA")), ("n", .string(Base64URL.encode(modulus))), ("e", .string(Base64URL.encode(exponent)))]
        case .p256(let x, let y):
            members = [("kty", .string("EC")), ("crv", .string("P-256")), ("x", .string(Base64URL.encode(x))), ("y", .string(Base64URL.encode(y)))]
        }
        if let keyID { members.append(("kid", .string(keyID))) }
        if let algorithm { members.append(("alg", .string(algorithm))) }
        if let use { members.append(("use", .string(use))) }
        return .object(members)
    }
}

/// A JWK Set (RFC 7517 §5): the keys a provider signs with.
public struct JSONWebKeySet: Sendable, Equatable {
    public let keys: [JSONWebKey]

    public init(keys: [JSONWebKey]) { self.keys = keys }

    /// The usable keys of a JWK Set document; nil when it is not one.
    public init?(json bytes: [UInt8]) {
        guard let document = JSONReader.value(bytes), let keys = document[member: "keys"]?.arrayValue else { return nil }
        self.keys = keys.compactMap(JSONWebKey.init(json:))
    }

    /// The key for a token's `kid` and `alg`: the one with that id, or, when the token names
    /// none, the only key that fits the algorithm.
    public func key(id: String?, for algorithm: SignatureAlgorithm) -> JSONWebKey? {
        if let id { return keys.first { $0.keyID == id && $0.fits(algorithm) } }
        let fitting = keys.filter { $0.fits(algorithm) }
        return fitting.count == 1 ? fitting[0] : nil
    }

    public var json: JSONValue { .object([("keys", .array(keys.map(\.json)))]) }
}
