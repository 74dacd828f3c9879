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
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.integer(x), .integer(y)): x == y
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
        var output = ""
        write(to: &output)
        return output
    }

    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{7F}":
                appendEscape(scalar.value, to: &output)
            default:
                if scalar.value < 0x20 { appendEscape(scalar.value, to: &output) } else { output.unicodeScalars.append(scalar) }
            }
        }
        output += "\""
    }

    private static func appendEscape(_ value: UInt32, to output: inout String) {
        output += "\\u"
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)])
        }
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
