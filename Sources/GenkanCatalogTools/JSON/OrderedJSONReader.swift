/// A strict RFC 8259 parser that keeps member order and refuses what Xcode would refuse: duplicate
/// names, trailing commas, comments, lone surrogates, and input past its limits.
public struct OrderedJSONReader {
    /// Limits on the input, so that a hostile file cannot exhaust memory or the stack.
    public struct Limits: Sendable {
        public var maximumBytes: Int
        public var maximumDepth: Int
        public init(maximumBytes: Int = 64 << 20, maximumDepth: Int = 64) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }
    }

    /// Parses `bytes` as one JSON text.
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(CatalogError) -> OrderedJSON {
        guard bytes.count <= limits.maximumBytes else {
            throw CatalogError("the file is \(bytes.count) bytes; the limit is \(limits.maximumBytes)")
        }
        var reader = OrderedJSONReader(bytes: bytes, limits: limits)
        // A UTF-8 byte order mark is tolerated (RFC 8259 §8.1 lets parsers ignore it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    /// Parses UTF-8 text.
    public static func parse(_ text: String, limits: Limits = Limits()) throws(CatalogError) -> OrderedJSON {
        try parse(Array(text.utf8), limits: limits)
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var index = 0

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private func failure(_ message: String) -> CatalogError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return CatalogError("JSON line \(line), column \(column): \(message)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(CatalogError) {
        guard index < bytes.count, bytes[index] == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
    }

    private mutating func value(depth: Int) throws(CatalogError) -> OrderedJSON {
        guard depth < limits.maximumDepth else { throw failure("nested deeper than \(limits.maximumDepth) levels") }
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(CatalogError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(CatalogError) -> OrderedJSON {
        try expect(UInt8(ascii: "{"))
        var members: [OrderedJSON.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let start = index
            let name = try string()
            guard seen.insert(name).inserted else {
                index = start
                throw failure("duplicate member name \"\(name)\"")
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members.append(OrderedJSON.Member(name, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(CatalogError) -> OrderedJSON {
        try expect(UInt8(ascii: "["))
        var elements: [OrderedJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"))
            return .array(elements)
        }
    }

    private mutating func number() throws(CatalogError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        guard index < bytes.count else { throw failure("incomplete number") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { throw failure("incomplete number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a decimal point needs digits after it") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("an exponent needs digits") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func hex4() throws(CatalogError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func string() throws(CatalogError) -> String {
        try expect(UInt8(ascii: "\""))
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard bytes.count - index >= 2, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw failure("a high surrogate escape without its low half")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw failure("a lone low surrogate escape")
                    }
                    utf8.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
                default: throw failure("invalid escape")
                }
            case 0..<0x20:
                throw failure("a control character must be escaped inside a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }
}
