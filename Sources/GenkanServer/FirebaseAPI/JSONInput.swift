import Foundation

/// A JSON value read from a request body (`JSONValue` is the one Genkan writes).
///
/// Parsed with Foundation's `JSONSerialization` (RFC 8259; a boolean stays a boolean, never a
/// number); the engine caps bodies at 64 KiB and Foundation's parser caps nesting depth.
/// `JSONSerialization` is about four times quicker here than a `Decodable` walk, which matters
/// for `accounts:lookup`, where a token's header and payload are parsed on every request.
enum JSONInput: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONInput])
    case object([String: JSONInput])

    /// The value of what `JSONSerialization` returns; nil for anything else.
    init?(foundation value: Any) {
        switch value {
        case let string as String: self = .string(string)
        // `true`/`false` arrive as Foundation's boolean NSNumber, which `is Bool` tells from 1 and 0.
        case let number as NSNumber where value is Bool: self = .bool(number.boolValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        case let array as [Any]:
            var values: [JSONInput] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let value = JSONInput(foundation: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let object as [String: Any]:
            var members: [String: JSONInput] = [:]
            for (key, element) in object {
                guard let value = JSONInput(foundation: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        case is NSNull: self = .null
        default: return nil
        }
    }

    /// The object a body holds, nil when it is not JSON or not an object. An empty body is an
    /// empty object (a GET or DELETE of the admin and emulator endpoints).
    static func object(parsing bytes: [UInt8]) -> [String: JSONInput]? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [:] }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(bytes)), let object = parsed as? [String: Any],
            case .object(let members)? = JSONInput(foundation: object)
        else { return nil }
        return members
    }
}

/// The fields of a request, as the API's handlers read them: each accessor checks the type and a
/// length limit, so a handler sees only strings of sane size. A string holding U+0000 is refused
/// (`INVALID_ARGUMENT`) whatever the field: no field means it, and PostgreSQL cannot store it in
/// text, so the answer is the same on every store.
struct APIRequestBody: Sendable {
    let members: [String: JSONInput]

    /// The longest string field accepted, in UTF-8 bytes (an ID token with a long name and photo
    /// URL stays far below it).
    static let maximumFieldLength = 8192
    /// The most entries of an array field (`localId`, `email` of an admin look-up).
    static let maximumArrayCount = 1000

    init(_ members: [String: JSONInput]) {
        self.members = members
    }

    /// The string at `name`; nil when absent, null or empty (Firebase treats `""` as missing).
    func string(_ name: String) throws(FirebaseError) -> String? {
        switch members[name] {
        case nil, .null?: return nil
        case .string(let value)?:
            try Self.check(value, name)
            return value.isEmpty ? nil : value
        default: throw .invalidArgument("Invalid value at '\(name)', a string is expected.")
        }
    }

    /// Refuses a string over `maximumFieldLength` bytes or holding U+0000.
    private static func check(_ value: String, _ name: String) throws(FirebaseError) {
        guard value.utf8.count <= maximumFieldLength else { throw .invalidArgument("'\(name)' is too long.") }
        guard !value.utf8.contains(0) else { throw .invalidArgument("'\(name)' contains U+0000, which is not allowed.") }
    }

    /// Whether the field is present at all (even empty): `signUp` tells an anonymous sign-up from
    /// an empty address this way.
    func has(_ name: String) -> Bool {
        if case .some(let value) = members[name], value != .null { return true }
        return false
    }

    func bool(_ name: String) throws(FirebaseError) -> Bool? {
        switch members[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw .invalidArgument("Invalid value at '\(name)', a boolean is expected.")
        }
    }

    /// A string or an array of strings (the admin look-up accepts both shapes).
    func strings(_ name: String) throws(FirebaseError) -> [String] {
        switch members[name] {
        case nil, .null?: return []
        case .string(let value)?:
            try Self.check(value, name)
            return [value]
        case .array(let values)?:
            guard values.count <= Self.maximumArrayCount else { throw .invalidArgument("'\(name)' has too many entries.") }
            return try values.map { value throws(FirebaseError) in
                guard case .string(let text) = value else { throw .invalidArgument("Invalid value at '\(name)', strings are expected.") }
                try Self.check(text, name)
                return text
            }
        default: throw .invalidArgument("Invalid value at '\(name)', strings are expected.")
        }
    }

    /// A number given as a JSON number or a string of digits (Google's int64 fields are strings).
    func integer(_ name: String) throws(FirebaseError) -> Int64? {
        switch members[name] {
        case nil, .null?: return nil
        case .number(let value)? where value.rounded() == value && abs(value) < 9e15: return Int64(value)
        case .string(let text)? where text.utf8.count <= 20: if let value = Int64(text) { return value }
        default: break
        }
        throw .invalidArgument("Invalid value at '\(name)', an integer is expected.")
    }
}
