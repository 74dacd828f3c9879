import GenkanJSON

extension JSONReader.Options {
    /// How the API reads what clients send (bodies, tokens, claims): strict RFC 8259 in UTF-8. What
    /// Foundation's reader, which the API used before, did and clients may rely on is kept: a
    /// repeated member name takes the last value, a byte order mark is skipped, nesting goes to
    /// 512 levels, and a number past a Double's range is refused (the SDKs hold numbers as
    /// Doubles). The engine caps a body at 64 KiB.
    static let api = JSONReader.Options(
        duplicateNames: .keepLast, maximumDepth: 512, allowsByteOrderMark: true, requiresFiniteDoubles: true)
}

extension JSONValue {
    /// The members of the object `bytes` holds, nil when it is not JSON or not an object. An empty
    /// body is an empty object (a GET or DELETE of the admin and emulator endpoints).
    static func apiObject(parsing bytes: [UInt8]) -> [(name: String, value: JSONValue)]? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [] }
        guard case .object(let members)? = JSONReader.value(bytes, options: .api) else { return nil }
        return members
    }
}

/// The fields of a request, as the API's handlers read them: each accessor checks the type and a
/// length limit, so a handler sees only strings of sane size. A string holding U+0000 is refused
/// (`INVALID_ARGUMENT`) whatever the field: no field means it, and PostgreSQL cannot store it in
/// text, so the answer is the same on every store.
struct APIRequestBody: Sendable {
    /// The members in their order, each name once.
    let members: [(name: String, value: JSONValue)]

    /// The longest string field accepted, in UTF-8 bytes (an ID token with a long name and photo
    /// URL stays far below it).
    static let maximumFieldLength = 8192
    /// The most entries of an array field (`localId`, `email` of an admin look-up).
    static let maximumArrayCount = 1000

    init(_ members: [(name: String, value: JSONValue)]) {
        self.members = members
    }

    /// The value of member `name`. Bodies have a handful of members, so a scan beats a table.
    subscript(name: String) -> JSONValue? {
        members.first { $0.name == name }?.value
    }

    /// The string at `name`; nil when absent, null or empty (Firebase treats `""` as missing).
    func string(_ name: String) throws(FirebaseError) -> String? {
        switch self[name] {
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
        // On the contiguous bytes (an ID token is a kilobyte, read byte by byte through the view
        // this was 3 % of an `accounts:lookup`).
        guard !(value.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? value.utf8.contains(0)) else { throw .invalidArgument("'\(name)' contains U+0000, which is not allowed.") }
    }

    /// Whether the field is present at all (even empty): `signUp` tells an anonymous sign-up from
    /// an empty address this way.
    func has(_ name: String) -> Bool {
        if case .some(let value) = self[name], value != .null { return true }
        return false
    }

    func bool(_ name: String) throws(FirebaseError) -> Bool? {
        switch self[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw .invalidArgument("Invalid value at '\(name)', a boolean is expected.")
        }
    }

    /// A string or an array of strings (the admin look-up accepts both shapes).
    func strings(_ name: String) throws(FirebaseError) -> [String] {
        switch self[name] {
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

    /// The object at `name` (`totpVerificationInfo`), read as a body of its own; nil when absent
    /// or null.
    func object(_ name: String) throws(FirebaseError) -> APIRequestBody? {
        switch self[name] {
        case nil, .null?: return nil
        case .object(let members)?: return APIRequestBody(members)
        default: throw .invalidArgument("Invalid value at '\(name)', an object is expected.")
        }
    }

    /// A number given as a JSON number or a string of digits (Google's int64 fields are strings).
    func integer(_ name: String) throws(FirebaseError) -> Int64? {
        switch self[name] {
        case nil, .null?: return nil
        // `1.7e9` and `1700000000.0` are whole numbers too; the bound keeps every value exact in a
        // JavaScript client.
        case .number(let number)?: if let value = number.int64, value.magnitude < 9_000_000_000_000_000 { return value }
        case .string(let text)? where text.utf8.count <= 20: if let value = Int64(text) { return value }
        default: break
        }
        throw .invalidArgument("Invalid value at '\(name)', an integer is expected.")
    }
}
