/// A JSON value that keeps the order of object members as they were read, so that a String Catalog
/// can be written back with its unknown fields and its order intact (RFC 8259).
public enum OrderedJSON: Sendable, Hashable {
    case object([Member])
    case array([OrderedJSON])
    case string(String)
    /// A number as its source text, so that "1.0" stays "1.0".
    case number(String)
    case bool(Bool)
    case null

    /// One name/value pair of an object.
    public struct Member: Sendable, Hashable {
        public var name: String
        public var value: OrderedJSON
        public init(_ name: String, _ value: OrderedJSON) {
            self.name = name
            self.value = value
        }
    }

    /// The value of member `name` when this is an object that has it.
    public subscript(name: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The value reached by following member names `path` from here, if every step exists.
    public subscript(path path: [String]) -> OrderedJSON? {
        var node = self
        for name in path {
            guard let next = node[name] else { return nil }
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

    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var elements: [OrderedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The member names of an object, in order.
    public var names: [String] { members?.map(\.name) ?? [] }

    /// Sets member `name` of an object: replaces it in place when present, otherwise inserts it
    /// where `precedes` says it belongs among the existing names (or at the end when they are not
    /// sorted that way). Does nothing when this is not an object.
    public mutating func set(
        _ name: String, _ value: OrderedJSON, order precedes: (String, String) -> Bool = { $0 < $1 }
    ) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.name == name }) {
            members[index].value = value
        } else {
            let index = members.firstIndex { precedes(name, $0.name) } ?? members.endIndex
            members.insert(Member(name, value), at: index)
        }
        self = .object(members)
    }

    /// Removes member `name` from an object.
    public mutating func remove(_ name: String) {
        guard case .object(var members) = self else { return }
        members.removeAll { $0.name == name }
        self = .object(members)
    }

    /// Changes the value at `path` (member names from here), creating empty objects on the way.
    public mutating func update(
        _ path: [String], order precedes: (String, String) -> Bool = { $0 < $1 }, _ change: (inout OrderedJSON) -> Void
    ) {
        guard let first = path.first else {
            change(&self)
            return
        }
        if case .object = self {} else { self = .object([]) }
        var child = self[first] ?? .object([])
        child.update(Array(path.dropFirst()), order: precedes, change)
        set(first, child, order: precedes)
    }
}
