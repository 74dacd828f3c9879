/// Reading parts of a value: each accessor answers nil when the value is of another kind.
extension JSONValue {
    /// The member called `name` of an object (the last one, when the reader kept repeats); nil for
    /// anything else.
    public subscript(member name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.name == name }?.value
    }

    /// The value of member `name` when this is an object that has it.
    public subscript(name: String) -> JSONValue? { self[member: name] }

    /// The value reached by following member names `path` from here, if every step exists.
    public subscript(path path: [String]) -> JSONValue? {
        var node = self
        for name in path {
            guard let next = node[member: name] else { return nil }
            node = next
        }
        return node
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
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

    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A number that is a whole `Int` exactly (`3`, `3.0`, `3e2`); nil for `3.5` or out of range.
    public var integerValue: Int? { numberValue?.int }

    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The elements of an array.
    public var elements: [JSONValue]? { arrayValue }

    public var members: [(name: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The member names of an object, in order; none for anything else.
    public var names: [String] { members?.map(\.name) ?? [] }
}
