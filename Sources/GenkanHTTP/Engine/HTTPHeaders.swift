/// Header fields in order, looked up by name without regard to ASCII case (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }

    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        fields.first { Self.equal($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.equal($0.name, name) }.map(\.value)
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every value of `name` with `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equal($0.name, name) }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// ASCII case-insensitive equality. The engine lower-cases request header names and code
    /// asks with lower-case names, so an exact match comes first.
    static func equal(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard a.utf8.count == b.utf8.count else { return false }
        // Byte by byte in the strings' own storage (iterating two UTF8Views in step cost a tenth
        // of every look-up).
        let equal = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.indices.allSatisfy { lower(x[$0]) == lower(y[$0]) }
            }
        }
        return (equal ?? nil) ?? zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
    }
}
