/// Changing an object in place while keeping its order, as the catalog tools edit a String Catalog
/// without disturbing what they do not touch.
extension JSONValue {
    /// Sets member `name` of an object: replaces it in place when present, otherwise inserts it
    /// where `precedes` says it belongs among the existing names (or at the end when they are not
    /// sorted that way). Does nothing when this is not an object.
    public mutating func set(
        _ name: String, _ value: JSONValue, order precedes: (String, String) -> Bool = { $0 < $1 }
    ) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.name == name }) {
            members[index].value = value
        } else {
            let index = members.firstIndex { precedes(name, $0.name) } ?? members.endIndex
            members.insert((name, value), at: index)
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
        _ path: [String], order precedes: (String, String) -> Bool = { $0 < $1 }, _ change: (inout JSONValue) -> Void
    ) {
        guard let first = path.first else {
            change(&self)
            return
        }
        if case .object = self {} else { self = .object([]) }
        var child = self[member: first] ?? .object([])
        child.update(Array(path.dropFirst()), order: precedes, change)
        set(first, child, order: precedes)
    }
}
