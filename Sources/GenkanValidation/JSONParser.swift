/// A strict JSON reader (RFC 8259) for what Genkan receives from other parties: OpenID providers'
/// JWT headers and claims, JWKs, discovery documents and token responses, and WebAuthn's
/// `clientDataJSON` and credentials as browsers send them. Objects keep their members' order
/// as `JSONValue` does, and a name given twice is refused (RFC 7515 §5.2 lets a JWS reader refuse
/// duplicates; accepting either copy would let two readers see two different tokens).
///
/// Numbers become `.integer`: a fraction is cut off (claims are whole seconds), and a number
/// outside `Int`'s range is refused. Nesting deeper than 32 is refused.
public enum JSONParser {
    public static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        var reader = Reader(bytes: Array(bytes))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.index == reader.bytes.count ? value : nil
    }

    public static func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard depth <= 32 else { return nil }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return nil }
            index += expected.count
            return value
        }

        mutating func object(depth: Int) -> JSONValue? {
            index += 1
            var members: [(String, JSONValue)] = []
            var names = Set<String>()
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string() else { return nil }
                guard names.insert(name).inserted else { return nil }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value(depth: depth + 1) else { return nil }
                members.append((name, value))
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                return nil
            }
        }

        mutating func array(depth: Int) -> JSONValue? {
            index += 1
            var values: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            while true {
                guard let value = value(depth: depth + 1) else { return nil }
                values.append(value)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
                return nil
            }
        }

        mutating func string() -> String? {
            index += 1
            var utf8: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(validating: utf8, as: UTF8.self)
                case ..<0x20: return nil
                case UInt8(ascii: "\\"):
                    guard let scalar = escaped() else { return nil }
                    utf8.append(contentsOf: String(scalar).utf8)
                default: utf8.append(byte)
                }
            }
            return nil
        }

        /// The character of the escape after a backslash (RFC 8259 §7), surrogate pairs joined.
        mutating func escaped() -> Unicode.Scalar? {
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return nil }
                guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit) }  // nil for a lone low surrogate
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            default: return nil
            }
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }

        mutating func number() -> JSONValue? {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                let digits = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > digits else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let digits = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > digits else { return nil }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger { return Int(text).map(JSONValue.integer) }
            guard let value = Double(text), value.isFinite, value > Double(Int.min), value < Double(Int.max) else { return nil }
            return .integer(Int(value.rounded(.towardZero)))
        }
    }
}

extension JSONValue {
    /// The member called `name` of an object; nil for anything else.
    public subscript(member name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == name }?.1
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// A boolean, or the strings "true"/"false" (Apple's ID tokens write `email_verified` and
    /// `is_private_email` as strings).
    public var lenientBoolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}
