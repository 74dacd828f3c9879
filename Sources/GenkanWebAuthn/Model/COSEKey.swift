/// A credential public key in COSE_Key form (RFC 9052 §7, WebAuthn Level 3 §5.8.5): parsed from
/// attested credential data at registration, stored as `bytes`, and read back to check assertions.
public struct COSEKey: Sendable, Equatable {
    /// The key's numbers.
    public enum Material: Sendable, Equatable {
        /// An EC2 key on P-256 (crv 1): the point's coordinates, 32 bytes each.
        case p256(x: [UInt8], y: [UInt8])
        /// An OKP key on Ed25519 (crv 6): the 32-byte public key.
        case ed25519([UInt8])
        /// An RSA key: big-endian modulus and exponent, leading zeros removed.
        case rsa(modulus: [UInt8], exponent: [UInt8])
    }

    public let algorithm: COSEAlgorithm
    public let material: Material
    /// The COSE_Key exactly as the authenticator encoded it: what a relying party stores.
    public let bytes: [UInt8]

    /// Reads a stored COSE key (the `bytes` of a key parsed at registration).
    ///
    /// - Throws: the CBOR failures, `.malformedCOSEKey`, `.unsupportedAlgorithm`, `.keyTooShort`, `.invalidKey`.
    public init(bytes: [UInt8], limits: WebAuthnLimits = WebAuthnLimits()) throws(WebAuthnFailure) {
        guard bytes.count <= limits.authenticatorData else {
            throw WebAuthnFailure(.inputTooLarge, "a COSE key of \(bytes.count) bytes")
        }
        try self.init(value: try CBOR.decode(bytes, limits: limits, what: "COSE key"), bytes: bytes)
    }

    // COSE labels (RFC 9052 §7.1, RFC 9053 §7, RFC 8230 §4).
    private enum Label {
        static let keyType = 1, algorithm = 3
        static let curve = -1, x = -2, y = -3
        static let modulus = -1, exponent = -2
    }

    private enum KeyType {
        static let okp = 1, ec2 = 2, rsa = 3
    }

    /// The key described by `value`, whose encoding is `bytes`.
    init(value: CBORValue, bytes: [UInt8]) throws(WebAuthnFailure) {
        guard case .map = value else { throw WebAuthnFailure(.malformedCOSEKey, "a COSE key that is not a CBOR map") }
        guard let keyType = value[label: Label.keyType]?.integer else {
            throw WebAuthnFailure(.malformedCOSEKey, "a COSE key without an integer kty (1)")
        }
        // WebAuthn §5.8.5: the credential public key must name its algorithm.
        guard let algorithmValue = value[label: Label.algorithm]?.integer else {
            throw WebAuthnFailure(.malformedCOSEKey, "a COSE key without an integer alg (3)")
        }
        guard let algorithm = COSEAlgorithm(rawValue: algorithmValue) else {
            throw WebAuthnFailure(.unsupportedAlgorithm, "COSE algorithm \(algorithmValue)")
        }
        func byteField(_ label: Int, _ name: String, count: Int? = nil) throws(WebAuthnFailure) -> [UInt8] {
            guard let field = value[label: label]?.byteString else {
                throw WebAuthnFailure(.malformedCOSEKey, "a \(algorithm) key without a byte string \(name) (\(label))")
            }
            if let count, field.count != count {
                throw WebAuthnFailure(.malformedCOSEKey, "a \(algorithm) key whose \(name) has \(field.count) bytes, not \(count)")
            }
            return field
        }
        func requireKeyType(_ expected: Int, _ name: String) throws(WebAuthnFailure) {
            guard keyType == expected else {
                throw WebAuthnFailure(.malformedCOSEKey, "a \(algorithm) key of kty \(keyType), not \(name) (\(expected))")
            }
        }
        func requireCurve(_ expected: Int, _ name: String) throws(WebAuthnFailure) {
            guard let curve = value[label: Label.curve]?.integer else {
                throw WebAuthnFailure(.malformedCOSEKey, "a \(algorithm) key without an integer crv (-1)")
            }
            guard curve == expected else {
                throw WebAuthnFailure(.unsupportedAlgorithm, "a \(algorithm) key on curve \(curve), not \(name) (\(expected))")
            }
        }

        switch algorithm {
        case .es256:
            try requireKeyType(KeyType.ec2, "EC2")
            try requireCurve(1, "P-256")
            let x = try byteField(Label.x, "x", count: 32)
            // A compressed point (y as a boolean, RFC 9053 §7.1.1) is not allowed by WebAuthn.
            let y = try byteField(Label.y, "y", count: 32)
            try Self.checkP256(x: x, y: y)
            material = .p256(x: x, y: y)
        case .edDSA:
            try requireKeyType(KeyType.okp, "OKP")
            try requireCurve(6, "Ed25519")
            let x = try byteField(Label.x, "x", count: 32)
            try Self.checkEd25519(x)
            material = .ed25519(x)
        case .rs256:
            try requireKeyType(KeyType.rsa, "RSA")
            let modulus = Array(try byteField(Label.modulus, "n").drop { $0 == 0 })
            let exponent = Array(try byteField(Label.exponent, "e").drop { $0 == 0 })
            let bits = modulus.first.map { modulus.count * 8 - $0.leadingZeroBitCount } ?? 0
            guard bits >= 2048 else { throw WebAuthnFailure(.keyTooShort, "an RSA modulus of \(bits) bits, at least 2048 needed") }
            // Authenticators make 2048-bit keys with the exponent 65537 (TPMs, Windows Hello). A
            // larger modulus or exponent only makes every later sign-in's check dearer: at 16,384
            // bits one costs about 50 times what a 2048-bit one does.
            guard bits <= Self.largestRSAModulus, exponent.count <= 4 else {
                throw WebAuthnFailure(.invalidKey, "an RSA key of \(bits) bits with a \(exponent.count)-byte exponent (at most \(Self.largestRSAModulus) bits and 4 bytes)")
            }
            try Self.checkRSA(modulus: modulus, exponent: exponent)
            material = .rsa(modulus: modulus, exponent: exponent)
        }
        self.algorithm = algorithm
        self.bytes = bytes
    }

    /// The largest RSA modulus a passkey may have, in bits.
    public static let largestRSAModulus = 4096

    /// The RSA modulus's length in bits; nil for other keys.
    public var rsaBits: Int? {
        guard case .rsa(let modulus, _) = material, let first = modulus.first else { return nil }
        return modulus.count * 8 - first.leadingZeroBitCount
    }

    /// Checks `signature` over `message` with this key and its algorithm.
    ///
    /// - Throws: `.signatureInvalid`, or `.cryptoLibrary` when OpenSSL itself fails.
    public func verify(signature: [UInt8], over message: [UInt8]) throws(WebAuthnFailure) {
        switch material {
        case .p256(let x, let y): try Self.verifyES256(x: x, y: y, signature: signature, message: message)
        case .ed25519(let key): try Self.verifyEd25519(key: key, signature: signature, message: message)
        case .rsa(let modulus, let exponent):
            try Self.verifyRS256(modulus: modulus, exponent: exponent, signature: signature, message: message)
        }
    }
}
