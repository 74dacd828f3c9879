/// A JSON value (RFC 8259) as Genkan reads and writes it: objects keep their members in order,
/// and numbers keep their text, so nothing is reordered or rounded on the way through.
///
/// One type serves every user: API answers and validation output build a `JSONValue` and call
/// `serialized()`; OpenID, WebAuthn and the Firebase API read with `JSONReader`; the catalog tools
/// read a String Catalog, edit it in place and write it back in Xcode's layout with `xcodeText()`.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number as its JSON text (`1.0` stays `1.0`); `JSONNumber` reads it as `Int`, `Int64` or `Double`.
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// Members in their order; a name appears once unless the reader was told to keep repeats.
    case object(Members)

    /// An object's members, in order. Build them as this type: an array of unlabeled
    /// `(String, JSONValue)` pairs is converted element by element when it becomes an object
    /// (`_arrayForceCast`, a tenth of the CPU of building an `accounts:lookup` answer).
    public typealias Members = [(name: String, value: JSONValue)]

    /// A whole number.
    public static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// A whole number of 64 bits.
    public static func integer(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

    /// A `Double` in its shortest exact text, or `null` when it is not finite (JSON has no NaN).
    public static func double(_ value: Double) -> JSONValue { JSONNumber(value).map(JSONValue.number) ?? .null }

    /// `value` as a JSON string, or `null` when nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}

extension JSONValue: Hashable {
    /// Values are equal when they would be written alike: members in the same order, numbers with
    /// the same text.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values):
            hasher.combine(values.count)
            for value in values { value.hash(into: &hasher) }
        case .object(let members):
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.name)
                member.value.hash(into: &hasher)
            }
        }
    }
}
