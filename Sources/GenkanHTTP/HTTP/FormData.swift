/// Decoded `application/x-www-form-urlencoded` data (WHATWG URL §5.1), used for request bodies
/// and query strings.
public struct FormData: Sendable {
    /// Why a form could not be decoded.
    public enum Failure: Error, Sendable, Hashable {
        /// A name or value is not valid UTF-8 after percent-decoding, or holds U+0000 (`%00`),
        /// which no field means and PostgreSQL cannot store in text.
        case invalidEncoding
        /// More than `maximumFields` fields.
        case tooManyFields
    }

    public static let maximumFields = 64

    public private(set) var fields: [(name: String, value: String)] = []

    /// Decodes `bytes`; invalid UTF-8 is an error rather than silently replaced, so that what
    /// is validated is what the user typed.
    public init(_ bytes: some Collection<UInt8>) throws(Failure) {
        let bytes = Array(bytes)
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                guard fields.count < Self.maximumFields else { throw .tooManyFields }
                let pair = bytes[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? end
                let name = try Self.percentDecoded(pair[start..<equals])
                let value = equals < end ? try Self.percentDecoded(pair[(equals + 1)..<end]) : ""
                fields.append((name, value))
            }
            start = end + 1
        }
    }

    public init(query: String) throws(Failure) {
        try self.init(Array(query.utf8))
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Percent-decodes (a `%` not followed by two hex digits stays as it is) and, in form data,
    /// maps `+` to space (a path segment keeps its `+`).
    public static func percentDecoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) throws(Failure) -> String {
        let bytes = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") && plusIsSpace {
                output.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        guard !output.contains(0), let text = String(validating: output, as: UTF8.self) else { throw .invalidEncoding }
        return text
    }

    /// `text` percent-encoded for a query value: everything but ASCII letters, digits and
    /// `-._~/` (RFC 3986 unreserved, and `/` for readable paths).
    public static func percentEncoded(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// `fields` as an `application/x-www-form-urlencoded` body, each name and value
    /// percent-encoded (what a browser posts, for tests and clients).
    public static func encoded(_ fields: [(String, String)]) -> String {
        fields.map { name, value in percentEncoded(name) + "=" + percentEncoded(value) }.joined(separator: "&")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
