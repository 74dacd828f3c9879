/// A JSON value with ordered object members, and its compact serialization (RFC 8259).
///
/// Genkan writes JSON in several places — rule descriptions for the browser, `genkan validate`
/// output, the server's `/api/validate` — and they must agree on escaping, so they all build a
/// `JSONValue` and call `serialized()`. Member order is kept as written, which keeps output
/// readable and stable for golden tests.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A number that is not a whole `Int` (a developer claim's `1.5`); finite.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.integer(x), .integer(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// `value` as a JSON string, or `null` when nil.
    public static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// Compact JSON text. Strings escape `"`, `\`, control characters, and U+2028/U+2029 (so the
    /// text is also safe inside JavaScript), and `<`, `>`, `&` (so it is safe inside HTML).
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// `serialized()` as UTF-8, as a response body takes it.
    public func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    public func write(to output: inout String) {
        output += serialized()
    }

    /// Appends the compact text as UTF-8. The writer works on bytes because it builds every API
    /// answer: appending to a `String` a piece at a time cost a fifth of an `accounts:lookup`.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        // Swift writes the shortest text that reads back as the same Double ("1.5", "1e-07"),
        // which is JSON for every finite value.
        case .number(let value): output += (value.isFinite ? String(value) : "null").utf8
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes `value` quoted, escaping what JSON requires and what HTML and JavaScript could
    /// misread (`<`, `>`, `&`, U+2028, U+2029, DEL); runs of bytes that need no escape are copied
    /// whole.
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { writeEscaped($0, to: &output) }
        if written == nil { writeEscaped(Array(value.utf8), to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped<Bytes: RandomAccessCollection>(_ bytes: Bytes, to output: inout [UInt8])
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var runStart = bytes.startIndex
        var index = runStart
        let end = bytes.endIndex
        while index < end {
            let byte = bytes[index]
            var next = index + 1
            let escaped: UInt32
            switch byte {
            case 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0x7F, 0x00..<0x20:
                escaped = UInt32(byte)
            case 0xE2 where next + 1 < end && bytes[next] == 0x80 && (bytes[next + 1] == 0xA8 || bytes[next + 1] == 0xA9):
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                escaped = bytes[next + 1] == 0xA8 ? 0x2028 : 0x2029
                next += 2
            default:
                index = next
                continue
            }
            output += bytes[runStart..<index]
            switch escaped {
            case 0x22: output += #"\""#.utf8
            case 0x5C: output += #"\\"#.utf8
            case 0x0A: output += #"\n"#.utf8
            case 0x0D: output += #"\r"#.utf8
            case 0x09: output += #"\t"#.utf8
            default:
                output += #"\u"#.utf8
                for shift in stride(from: 12, through: 0, by: -4) {
                    output.append(hexDigits[Int((escaped >> UInt32(shift)) & 0xF)])
                }
            }
            index = next
            runStart = next
        }
        output += bytes[runStart..<end]
    }
}

extension IssueParameter {
    /// The parameter as JSON: a number or a string.
    public var json: JSONValue {
        switch self {
        case .integer(let value): .integer(value)
        case .text(let value): .string(value)
        }
    }
}

extension IssueParameters {
    /// The parameters as a JSON object, in their order.
    public var json: JSONValue { .object(entries.map { ($0.name, $0.value.json) }) }
}
