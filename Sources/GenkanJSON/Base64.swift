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
        // A native string's own UTF-8, without copying it (an import decodes two a user).
        if let decoded = text.utf8.withContiguousStorageIfAvailable({ decode(utf8: $0) }) { return decoded }
        return Array(text.utf8).withUnsafeBufferPointer { decode(utf8: $0) }
    }

    private static func decode(utf8 input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var count = input.count
        if count % 4 == 0, count > 0, input[count - 1] == UInt8(ascii: "=") {
            count -= 1
            if input[count - 1] == UInt8(ascii: "=") { count -= 1 }
            // Padding is only ever one or two characters, after 2 or 3 characters of a group.
            guard count % 4 >= 2 else { return nil }
        }
        return decodeUnpadded(UnsafeBufferPointer(rebasing: input[..<count]), mixing: false)
    }

    /// The bytes of unpadded `input` whose characters come from either alphabet; nil otherwise.
    static func decodeUnpadded(_ input: [UInt8]) -> [UInt8]? {
        input.withUnsafeBufferPointer { decodeUnpadded($0, mixing: true) }
    }

    /// The bytes of unpadded `input`; nil for a character of neither alphabet, or, unless
    /// `mixing`, one of each alphabet's own two.
    private static func decodeUnpadded(_ input: UnsafeBufferPointer<UInt8>, mixing: Bool) -> [UInt8]? {
        guard input.count % 4 != 1 else { return nil }
        var valid = true, standard = false, url = false
        let decoded = [UInt8](unsafeUninitializedCapacity: input.count * 3 / 4) { output, written in
            var buffer: UInt32 = 0, bits = 0
            let values = Self.values
            for byte in input {
                let value = values[Int(byte)]
                guard value != 0xFF else {
                    valid = false
                    return
                }
                if value >= 62 {
                    if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") { standard = true } else { url = true }
                }
                buffer = buffer << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    output[written] = UInt8(buffer >> UInt32(bits) & 0xFF)
                    written += 1
                }
            }
            valid = buffer & ((1 << UInt32(bits)) - 1) == 0
        }
        guard valid, mixing || !(standard && url) else { return nil }
        return decoded
    }
}
