/// base64url without padding (RFC 7515 §2, RFC 4648 §5): how JWS, JWK and WebAuthn carry bytes inside
/// JSON strings, so it lives beside the JSON reader their users share.
public enum Base64URL {
    private static let codec = Base64Codec(alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", padded: false)

    public static func encode(_ bytes: some Collection<UInt8>) -> String { codec.encode(bytes) }

    public static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

    /// The bytes of `text`, or nil when it is not base64url without padding (padding, `+`, `/`,
    /// whitespace and non-zero trailing bits are all refused: one token, one spelling).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? { codec.decode(text) }
}

/// base64 with padding (RFC 4648 §4), as Standard Webhooks writes secrets (`whsec_…`) and signatures
/// (`v1,…`).
public enum Base64 {
    private static let codec = Base64Codec(alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", padded: true)

    public static func encode(_ bytes: some Collection<UInt8>) -> String { codec.encode(bytes) }

    /// The bytes of `text`, or nil when it is not canonical padded base64 (missing or extra `=`,
    /// `-`, `_`, whitespace and non-zero trailing bits are refused).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? { codec.decode(text) }
}

/// One base64 alphabet, with or without `=` padding.
struct Base64Codec: Sendable {
    private let alphabet: [UInt8]
    private let values: [UInt8]
    private let padded: Bool

    init(alphabet: String, padded: Bool) {
        self.alphabet = Array(alphabet.utf8)
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in self.alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        values = table
        self.padded = padded
    }

    func encode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let chunk = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            if padded { output += [UInt8(ascii: "="), UInt8(ascii: "=")] }
        } else if rest == 2 {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
            if padded { output.append(UInt8(ascii: "=")) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    func decode(_ text: some StringProtocol) -> [UInt8]? {
        var input = Array(text.utf8)
        if padded {
            guard input.count % 4 == 0 else { return nil }
            var padding = 0
            while padding < 2, input.last == UInt8(ascii: "=") {
                input.removeLast()
                padding += 1
            }
        }
        guard input.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var buffer: UInt32 = 0, bits = 0
        for byte in input {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(buffer >> UInt32(bits) & 0xFF))
            }
        }
        // The bits left over must be zero (RFC 4648 §3.5: canonical encoding).
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
