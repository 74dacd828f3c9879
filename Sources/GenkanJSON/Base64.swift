/// base64 (RFC 4648 §4 and §5) as Firebase Authentication carries bytes: its export files write
/// password hashes and salts in the standard alphabet with padding, its Admin SDKs send them in the
/// URL-safe alphabet with padding, and Google's JSON mapping of `bytes` reads either, padded or not.
/// `Base64URL` is the strict spelling JOSE and WebAuthn want; this is the lenient reading that
/// still has one meaning for each text.
public enum Base64 {
    /// Which 64 characters encode the values: `+` and `/`, or `-` and `_`.
    public enum Alphabet: Sendable {
        case standard
        case url
    }

    static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of each byte in either alphabet (0xFF: none); `+`/`-` and `/`/`_` share theirs.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in standardAlphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        for (index, byte) in urlAlphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// `bytes` in `alphabet`, with `=` padding to a multiple of four characters when `padded`.
    public static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet = .standard, padded: Bool = true) -> String {
        let characters = alphabet == .standard ? standardAlphabet : urlAlphabet
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(characters[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            var chunk = UInt32(bytes[index]) << 16
            if rest == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
            for shift in [18, 12, 6].prefix(rest + 1) { output.append(characters[Int(chunk >> UInt32(shift) & 63)]) }
            if padded { output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - rest)) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of `text` in either alphabet, padded or not; nil when it mixes the alphabets, holds
    /// any other character (whitespace included), has the wrong padding, or has non-zero bits after
    /// its last byte (RFC 4648 §3.5), so two different texts never decode to the same bytes
    /// unless they differ only in alphabet or padding.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var input = Array(text.utf8)
        if input.count % 4 == 0, input.last == UInt8(ascii: "=") {
            input.removeLast()
            if input.last == UInt8(ascii: "=") { input.removeLast() }
            // Padding is only ever one or two characters, after 2 or 3 characters of a group.
            guard input.count % 4 >= 2 else { return nil }
        }
        let standard = input.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }
        let url = input.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        guard !(standard && url) else { return nil }
        return decodeUnpadded(input)
    }

    /// The bytes of unpadded `input` whose characters come from either alphabet; nil otherwise.
    static func decodeUnpadded(_ input: [UInt8]) -> [UInt8]? {
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
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
