import GenkanJSON

/// A Standard Webhooks signing secret: `whsec_` and the key's bytes in base64 (Standard Webhooks
/// 1.0.0, "Signature scheme": random, 24 to 64 bytes, serialized with the `whsec_` prefix).
///
/// ```swift
/// let secret = try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
/// ```
///
/// Its description never shows the key.
public struct WebhookSecret: Sendable, CustomStringConvertible {
    /// The prefix that tells a symmetric Standard Webhooks secret apart.
    public static let prefix = "whsec_"
    /// The shortest and longest keys the specification allows, in bytes.
    public static let keyLengths = 24...64

    /// The key's bytes.
    let key: [UInt8]

    /// Why a text is not a secret, in words an operator can act on (never quoting the text).
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads `whsec_` followed by base64 (padded or not, as the reference libraries accept).
    public init(parsing text: String) throws(ParseError) {
        guard text.hasPrefix(Self.prefix) else {
            throw ParseError(description: "a webhook secret starts with \(Self.prefix) followed by base64, as Standard Webhooks writes it")
        }
        var encoded = String(text.dropFirst(Self.prefix.count))
        while encoded.utf8.count % 4 != 0 { encoded += "=" }
        // The standard alphabet only: the reference libraries' decoders skip `-` and `_`, so a
        // secret written with them would be another key there than here.
        guard !encoded.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }), let key = Base64.decode(encoded) else {
            throw ParseError(description: "the part after \(Self.prefix) is not base64 (A-Z, a-z, 0-9, + and /)")
        }
        guard Self.keyLengths.contains(key.count) else {
            throw ParseError(
                description: "the key is \(key.count) bytes; Standard Webhooks asks for \(Self.keyLengths.lowerBound) to "
                    + "\(Self.keyLengths.upperBound) random bytes")
        }
        self.key = key
    }

    /// A secret of these bytes (24 to 64 of them).
    public init?(key: [UInt8]) {
        guard Self.keyLengths.contains(key.count) else { return nil }
        self.key = key
    }

    /// `whsec_` and the key in padded base64: what the receiver is given.
    public var serialized: String { Self.prefix + Base64.encode(key) }

    public var description: String { "\(Self.prefix)… (\(key.count) bytes)" }
}
